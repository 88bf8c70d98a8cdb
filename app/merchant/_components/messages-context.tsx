'use client';

import { useRouter } from 'next/navigation';
import { createContext, useContext, type ReactNode } from 'react';
import { htmlLang, LANG_COOKIE } from '../../pay/[token]/language';
import { merchantMessages, type MerchantLang, type MerchantMessages } from './messages';

const MessagesContext = createContext<{ lang: MerchantLang; t: MerchantMessages }>({ lang: 'en', t: merchantMessages.en });

/** The chosen language for the console's client components (English where no provider is, e.g. the operator console). */
export function MerchantMessagesProvider({ lang, children }: { lang: MerchantLang; children: ReactNode }) {
  return <MessagesContext.Provider value={{ lang, t: merchantMessages[lang] }}>{children}</MessagesContext.Provider>;
}

export function useMerchantMessages() {
  return useContext(MessagesContext);
}

const ONE_YEAR_S = 365 * 24 * 60 * 60;
const choices: { lang: MerchantLang; label: string }[] = [
  { lang: 'zh', label: '中文' },
  { lang: 'en', label: 'English' },
];

/** Each name in its own language; the choice is kept in the checkout's cookie, for the console's paths. */
export function MerchantLanguageToggle() {
  const { lang, t } = useMerchantMessages();
  const router = useRouter();
  return (
    <div className="button-row" role="group" aria-label={t.languageGroup}>
      {choices.map((choice) => (
        <button
          key={choice.lang}
          type="button"
          className="button"
          lang={htmlLang(choice.lang)}
          aria-pressed={lang === choice.lang}
          onClick={() => {
            document.cookie = `${LANG_COOKIE}=${choice.lang}; Path=/merchant; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
            router.refresh();
          }}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
