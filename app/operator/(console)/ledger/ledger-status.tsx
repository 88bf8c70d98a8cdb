'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { useOperatorLang } from '../../_components/messages-context';
import { ledgerMessages } from './ledger-messages';

/** The last run of the scheduled (incremental) check, which runs every minute (docs/operations.md). */
function ScheduledCheck() {
  const trpc = useTRPC();
  const t = ledgerMessages[useOperatorLang()];
  const last = useQuery(trpc.operator.ledger.lastScheduledCheck.queryOptions({}, { refetchInterval: 30_000 }));
  if (last.isPending) return null;
  if (last.isError) return <ErrorLine error={last.error} />;
  if (!last.data) return <p>{t.notRunYet}</p>;
  const check = last.data;
  return (
    <p role="status" className={check.ok ? 'console-ok' : 'console-error'}>
      {t.scheduled(formatTime(check.createdAt), check.ok, Object.keys(check.problems).join(', '), check.transfersChecked, check.accountsChecked, check.durationMs)}
    </p>
  );
}

export function LedgerStatus() {
  const trpc = useTRPC();
  const t = ledgerMessages[useOperatorLang()];
  const report = useQuery(trpc.operator.ledger.check.queryOptions({}));
  if (report.isPending) return <p aria-busy="true">{t.checking}</p>;
  if (report.isError) return <ErrorLine error={report.error} />;
  const data = report.data;
  return (
    <>
      <ScheduledCheck />
      <p role="status" className={data.ok ? 'console-ok' : 'console-error'}>
        {data.ok ? t.allHold : t.broken} {t.checkedAt(formatTime(data.checkedAt))}
      </p>
      <dl className="facts" aria-label={t.facts}>
        <dt>{t.accounts}</dt>
        <dd>{data.accounts}</dd>
        <dt>{t.transfers}</dt>
        <dd>{data.transfers}</dd>
        {data.totals.map((total) => (
          <div key={total.currency} style={{ display: 'contents' }}>
            <dt>{t.sumOf(total.currency)}</dt>
            <dd>{total.sum}</dd>
          </div>
        ))}
        <dt>{t.mismatches}</dt>
        <dd>{data.balanceMismatches.length}</dd>
        <dt>{t.unbalanced}</dt>
        <dd>{data.unbalancedTransfers.length}</dd>
        <dt>{t.negative}</dt>
        <dd>{data.negativeAccounts.length}</dd>
      </dl>
      {[...data.balanceMismatches.map((row) => t.mismatchLine(row.accountId, row.balance, row.postings)),
        ...data.unbalancedTransfers.map((row) => t.unbalancedLine(row.transferId, row.sum, row.legs)),
        ...data.negativeAccounts.map((row) => `${row.accountId}: ${row.balance}`)].map((line) => (
        <p key={line} className="mono console-error">
          {line}
        </p>
      ))}
      <button type="button" className="button" onClick={() => report.refetch()}>
        {t.checkAgain}
      </button>
    </>
  );
}
