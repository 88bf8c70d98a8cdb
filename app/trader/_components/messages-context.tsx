'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { LanguageToggle } from '../../_components/language-toggle';
import { traderMessages, type TraderLang, type TraderMessages } from './messages';

const MessagesContext = createContext<{ lang: TraderLang; t: TraderMessages }>({ lang: 'en', t: traderMessages.en });

/** The dashboard's language for its client components, chosen once per request by the layout. */
export function TraderMessagesProvider({ lang, children }: { lang: TraderLang; children: ReactNode }) {
  return <MessagesContext.Provider value={{ lang, t: traderMessages[lang] }}>{children}</MessagesContext.Provider>;
}

export function useTraderMessages() {
  return useContext(MessagesContext);
}

/** 中文 / English, kept in the checkout's cookie for the dashboard's paths. */
export function TraderLanguageToggle() {
  const { lang, t } = useTraderMessages();
  return <LanguageToggle lang={lang} cookiePath="/trader" groupLabel={t.languageGroup} className="trader-button is-small" />;
}
