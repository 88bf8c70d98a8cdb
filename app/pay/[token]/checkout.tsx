'use client';

import { useState } from 'react';
import { Announcer } from './announcer';
import { CheckoutBody } from './checkout-body';
import { htmlLang, LANG_COOKIE, type Lang } from './language';
import { LanguageToggle } from './language-toggle';
import { MessagesProvider } from './messages-context';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** The buyer's checkout: language, live region and the order's screens. */
export function Checkout({ token, initialLang }: { token: string; initialLang: Lang }) {
  const [lang, setLang] = useState<Lang>(initialLang);

  function chooseLanguage(next: Lang) {
    setLang(next);
    // Scoped to the checkout pages; read back by the server so a reload keeps the choice.
    document.cookie = `${LANG_COOKIE}=${next}; Path=/pay; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
  }

  return (
    <MessagesProvider lang={lang}>
      <div className="checkout" lang={htmlLang(lang)}>
        <Announcer>
          <CheckoutBody token={token} toolbar={<LanguageToggle onChange={chooseLanguage} />} />
        </Announcer>
      </div>
    </MessagesProvider>
  );
}
