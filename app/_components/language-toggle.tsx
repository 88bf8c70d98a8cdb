'use client';

import { useRouter } from 'next/navigation';
import { htmlLang, LANG_COOKIE, type Lang } from '../pay/[token]/language';

const ONE_YEAR_S = 365 * 24 * 60 * 60;
const choices: { lang: Lang; label: string }[] = [
  { lang: 'zh', label: '中文' },
  { lang: 'en', label: 'English' },
];

/**
 * The language switch of the consoles: each name in its own language; the choice is kept in the
 * checkout's cookie, scoped to the console's paths (`cookiePath`, one or several), and the page renders again.
 */
export function LanguageToggle({ lang, cookiePath, groupLabel, className = 'button' }: { lang: Lang; cookiePath: string | string[]; groupLabel: string; className?: string }) {
  const router = useRouter();
  return (
    <div className="button-row" role="group" aria-label={groupLabel}>
      {choices.map((choice) => (
        <button
          key={choice.lang}
          type="button"
          className={className}
          lang={htmlLang(choice.lang)}
          aria-pressed={lang === choice.lang}
          onClick={() => {
            for (const path of typeof cookiePath === 'string' ? [cookiePath] : cookiePath) {
              document.cookie = `${LANG_COOKIE}=${choice.lang}; Path=${path}; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
            }
            router.refresh();
          }}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
