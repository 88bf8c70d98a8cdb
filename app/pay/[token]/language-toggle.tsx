'use client';

import { htmlLang, type Lang } from './language';
import { useMessages } from './messages-context';

const choices: { lang: Lang; label: string }[] = [
  { lang: 'zh', label: '中文' },
  { lang: 'en', label: 'English' },
];

/** Each name is in its own language, so a buyer finds theirs whichever is showing. */
export function LanguageToggle({ onChange }: { onChange: (lang: Lang) => void }) {
  const { lang, t } = useMessages();
  return (
    <div className="checkout-lang" role="group" aria-label={t.languageGroup}>
      {choices.map((choice, index) => (
        <span key={choice.lang} className="checkout-lang-item">
          {index > 0 ? (
            <span className="checkout-lang-separator" aria-hidden="true">
              /
            </span>
          ) : null}
          <button type="button" lang={htmlLang(choice.lang)} aria-pressed={lang === choice.lang} onClick={() => onChange(choice.lang)}>
            {choice.label}
          </button>
        </span>
      ))}
    </div>
  );
}
