'use client';

import { useTraderMessages } from './messages-context';

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
  const { t } = useTraderMessages();
  const hasNext = total === undefined ? count === pageSize : page * pageSize < total;
  if (page === 1 && !hasNext) return null;
  const first = (page - 1) * pageSize + 1;
  return (
    <nav className="trader-pager" aria-label={label}>
      <button type="button" className="trader-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t.common.previous}
      </button>
      <span>{count === 0 ? t.common.pageOf(page) : t.common.range(first, first + count - 1, total)}</span>
      <button type="button" className="trader-button" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {t.common.next}
      </button>
    </nav>
  );
}
