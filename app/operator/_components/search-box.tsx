'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useOperatorMessages } from './messages-context';

/**
 * The search box on every console page (docs/operator-guide.md, "Search"). A plain GET form, so it
 * works before the page's scripts load; "/" focuses it from anywhere but a text field.
 */
export function SearchBox() {
  const input = useRef<HTMLInputElement>(null);
  const router = useRouter();
  const t = useOperatorMessages().t.search;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      event.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <form
      role="search"
      action="/operator/search"
      method="get"
      className="console-search"
      onSubmit={(event) => {
        event.preventDefault();
        const query = input.current?.value.trim() ?? '';
        if (!query || !input.current) return;
        // The box stays on every page: empty it and give the keys back to the page ("/" to return).
        input.current.value = '';
        input.current.blur();
        router.push(`/operator/search?q=${encodeURIComponent(query)}`);
      }}
    >
      <label htmlFor="console-search">{t.label}</label>
      <input
        ref={input}
        id="console-search"
        name="q"
        type="search"
        maxLength={100}
        autoComplete="off"
        placeholder={t.placeholder}
        aria-describedby="console-search-hint"
      />
      <span id="console-search-hint" className="console-hint">
        {t.hintBefore} <kbd>/</kbd> {t.hintAfter}
      </span>
      <button type="submit" className="button">
        {t.find}
      </button>
    </form>
  );
}
