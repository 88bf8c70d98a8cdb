'use client';

export function Pager({ page, hasMore, onPage, label }: { page: number; hasMore: boolean; onPage: (page: number) => void; label: string }) {
  return (
    <nav aria-label={`${label} pages`} className="button-row">
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <span aria-live="polite">Page {page}</span>
      <button type="button" className="button" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
