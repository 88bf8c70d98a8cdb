'use client';

import { useOperatorMessages } from './messages-context';

export function Pager({ page, hasMore, onPage, label }: { page: number; hasMore: boolean; onPage: (page: number) => void; label: string }) {
  const t = useOperatorMessages().t.pager;
  return (
    <nav aria-label={t.pages(label)} className="button-row">
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t.previous}
      </button>
      <span aria-live="polite">{t.page(page)}</span>
      <button type="button" className="button" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t.next}
      </button>
    </nav>
  );
}
