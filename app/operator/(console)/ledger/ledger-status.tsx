'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';

/** The last run of the scheduled (incremental) check, which runs every minute (docs/operations.md). */
function ScheduledCheck() {
  const trpc = useTRPC();
  const last = useQuery(trpc.operator.ledger.lastScheduledCheck.queryOptions({}, { refetchInterval: 30_000 }));
  if (last.isPending) return null;
  if (last.isError) return <ErrorLine error={last.error} />;
  if (!last.data) return <p>The scheduled check has not run yet (it runs every minute on a node with the scheduler on).</p>;
  const check = last.data;
  return (
    <p role="status" className={check.ok ? 'console-ok' : 'console-error'}>
      Scheduled check {formatTime(check.createdAt)}: {check.ok ? 'all invariants held' : `BROKEN (${Object.keys(check.problems).join(', ')})`} over{' '}
      {check.transfersChecked} new transfers and {check.accountsChecked} accounts, in {check.durationMs} ms.
    </p>
  );
}

export function LedgerStatus() {
  const trpc = useTRPC();
  const report = useQuery(trpc.operator.ledger.check.queryOptions({}));
  if (report.isPending) return <p aria-busy="true">Checking the ledger…</p>;
  if (report.isError) return <ErrorLine error={report.error} />;
  const data = report.data;
  return (
    <>
      <ScheduledCheck />
      <p role="status" className={data.ok ? 'console-ok' : 'console-error'}>
        {data.ok ? 'All invariants hold.' : 'An invariant is broken: see below.'} Checked {formatTime(data.checkedAt)}.
      </p>
      <dl className="facts" aria-label="Ledger figures">
        <dt>Accounts</dt>
        <dd>{data.accounts}</dd>
        <dt>Transfers</dt>
        <dd>{data.transfers}</dd>
        {data.totals.map((total) => (
          <div key={total.currency} style={{ display: 'contents' }}>
            <dt>Sum of all {total.currency} balances (must be 0)</dt>
            <dd>{total.sum}</dd>
          </div>
        ))}
        <dt>Balances differing from their postings</dt>
        <dd>{data.balanceMismatches.length}</dd>
        <dt>Unbalanced transfers</dt>
        <dd>{data.unbalancedTransfers.length}</dd>
        <dt>Accounts below zero</dt>
        <dd>{data.negativeAccounts.length}</dd>
      </dl>
      {[...data.balanceMismatches.map((row) => `${row.accountId}: balance ${row.balance}, postings ${row.postings}`),
        ...data.unbalancedTransfers.map((row) => `${row.transferId}: sums to ${row.sum} over ${row.legs} legs`),
        ...data.negativeAccounts.map((row) => `${row.accountId}: ${row.balance}`)].map((line) => (
        <p key={line} className="mono console-error">
          {line}
        </p>
      ))}
      <button type="button" className="button" onClick={() => report.refetch()}>
        Check again
      </button>
    </>
  );
}
