'use client';

/** Previous / page N / next under a console table whose query says whether more rows follow. */
export function PageNav({
  page,
  hasMore,
  onPage,
  labels,
}: {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
  labels: { pagesLabel: string; previous: string; next: string; page: (page: number) => string };
}) {
  if (page === 1 && !hasMore) return null;
  return (
    <nav className="button-row" aria-label={labels.pagesLabel}>
      <button type="button" className="button" disabled={page === 1} onClick={() => onPage(page - 1)}>
        {labels.previous}
      </button>
      <span aria-live="polite">{labels.page(page)}</span>
      <button type="button" className="button" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {labels.next}
      </button>
    </nav>
  );
}
