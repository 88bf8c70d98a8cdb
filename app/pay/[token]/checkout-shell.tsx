'use client';

import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import type { CheckoutBranding } from '../../../server/payins/checkout-page';
import { Announcer } from './announcer';
import { htmlLang, LANG_COOKIE, type Lang } from './language';
import { TIME_ZONE_COOKIE } from './time-zone';
import { LanguageToggle } from './language-toggle';
import { messages } from './messages';
import { MessagesProvider } from './messages-context';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * The checkout's frame: the merchant's name, logo and accent colour on top, Corridor only as a
 * "secured by" line at the bottom; the buyer's language for the page, its `<html lang>` and title.
 * `token` is absent on the not-found page (no logo to fetch). `renderTimeZone`: the zone the
 * browser reported on an earlier visit (time-zone.ts).
 */
export function CheckoutShell({
  initialLang,
  branding,
  token,
  renderTimeZone,
  children,
}: {
  initialLang: Lang;
  branding: CheckoutBranding | null;
  token?: string;
  renderTimeZone?: string;
  children: ReactNode;
}) {
  const [lang, setLang] = useState<Lang>(initialLang);
  const t = messages[lang];

  useEffect(() => {
    // The server rendered both for the first language; a switch must not leave them behind.
    document.documentElement.lang = htmlLang(lang);
    document.title = branding ? t.pageTitle(branding.merchantName) : t.invalidTitle;
  }, [lang, branding, t]);

  useEffect(() => {
    // So the next render on the server spells times in this device's zone already.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && zone !== renderTimeZone) document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/pay; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
  }, [renderTimeZone]);

  function chooseLanguage(next: Lang) {
    setLang(next);
    // Scoped to the checkout pages; read back by the server so a reload keeps the choice.
    document.cookie = `${LANG_COOKIE}=${next}; Path=/pay; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
  }

  // Text on the accent is black or white, whichever the server found to contrast (docs/merchant-guide.md).
  const style = branding?.accent ? ({ '--brand': branding.accent.background, '--on-brand': branding.accent.text } as CSSProperties) : undefined;
  return (
    <MessagesProvider lang={lang} renderTimeZone={renderTimeZone}>
      <div className="checkout" lang={htmlLang(lang)} style={style}>
        <header className="checkout-brand">
          {branding?.hasLogo && token ? (
            // eslint-disable-next-line @next/next/no-img-element -- a small stored image served as is; no optimiser on this page
            <img className="checkout-logo" src={`/pay/${encodeURIComponent(token)}/logo`} alt="" width={32} height={32} />
          ) : null}
          {branding ? <p className="checkout-merchant-name">{branding.merchantName}</p> : <span />}
          <LanguageToggle onChange={chooseLanguage} />
        </header>
        <main id="main" className="checkout-main">
          <Announcer>{children}</Announcer>
        </main>
        <footer className="checkout-secured">
          <p>
            <span aria-hidden="true">🔒 </span>
            {t.securedBy}
          </p>
        </footer>
      </div>
    </MessagesProvider>
  );
}
