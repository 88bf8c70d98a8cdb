'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { LanguageToggle } from '../../_components/language-toggle';
import { PageLangProvider } from '../../_components/page-lang';
import { operatorMessages, type OperatorLang, type OperatorMessages } from './messages';

const MessagesContext = createContext<{ lang: OperatorLang; t: OperatorMessages }>({ lang: 'en', t: operatorMessages.en });

/** The console's language for its client components, chosen once per request by the layout. */
export function OperatorMessagesProvider({ lang, children }: { lang: OperatorLang; children: ReactNode }) {
  return (
    <MessagesContext.Provider value={{ lang, t: operatorMessages[lang] }}>
      <PageLangProvider lang={lang}>{children}</PageLangProvider>
    </MessagesContext.Provider>
  );
}

export function useOperatorMessages() {
  return useContext(MessagesContext);
}

/** The language of the console: each section's catalog is read as `xMessages[useOperatorLang()]`. */
export function useOperatorLang(): OperatorLang {
  return useContext(MessagesContext).lang;
}

/** 中文 / English, kept in the checkout's cookie for the console's paths. */
export function OperatorLanguageToggle() {
  const { lang, t } = useOperatorMessages();
  return <LanguageToggle lang={lang} cookiePath="/operator" groupLabel={t.languageGroup} />;
}
