'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { LanguageToggle } from '../../_components/language-toggle';
import { PageLangProvider } from '../../_components/page-lang';
import { merchantMessages, type MerchantLang, type MerchantMessages } from './messages';

const MessagesContext = createContext<{ lang: MerchantLang; t: MerchantMessages }>({ lang: 'en', t: merchantMessages.en });

/** The chosen language for the console's client components (English where no provider is, e.g. the operator console). */
export function MerchantMessagesProvider({ lang, children }: { lang: MerchantLang; children: ReactNode }) {
  return (
    <MessagesContext.Provider value={{ lang, t: merchantMessages[lang] }}>
      <PageLangProvider lang={lang}>{children}</PageLangProvider>
    </MessagesContext.Provider>
  );
}

export function useMerchantMessages() {
  return useContext(MessagesContext);
}

/** Each name in its own language; the choice is kept in the checkout's cookie, for the console's paths. */
export function MerchantLanguageToggle() {
  const { lang, t } = useMerchantMessages();
  return <LanguageToggle lang={lang} cookiePath="/merchant" groupLabel={t.languageGroup} />;
}
