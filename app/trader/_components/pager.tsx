/** Previous / next for a paginated list, with where we are. `total` is optional (the pool has none). */
export function Pager({
  label,
  page,
  pageSize,
  count,
  total,
  onPage,
}: {
  label: string;
  page: number;
  pageSize: number;
  count: number;
  total?: number;
  onPage: (page: number) => void;
}) {
  const hasNext = total === undefined ? count === pageSize : page * pageSize < total;
  if (page === 1 && !hasNext) return null;
  const first = (page - 1) * pageSize + 1;
  return (
    <nav className="trader-pager" aria-label={label}>
      <button type="button" className="trader-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        {count === 0 ? `Page ${page}` : `${first}–${first + count - 1}`}
        {total !== undefined ? ` of ${total}` : ''}
      </span>
      <button type="button" className="trader-button" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
