'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { useOperatorLang } from '../../_components/messages-context';
import { ledgerMessages } from './ledger-messages';

/** The latest solvency check: on-chain USDT against what the ledger owes (docs/wallet.md, "Solvency check"). */
export function SolvencyStatus() {
  const trpc = useTRPC();
  const t = ledgerMessages[useOperatorLang()];
  const checks = useQuery(trpc.operator.solvency.latest.queryOptions({}, { refetchInterval: 60_000 }));
  if (checks.isPending) return null;
  if (checks.isError) return <ErrorLine error={checks.error} />;
  const check = checks.data[0];
  return (
    <section aria-labelledby="solvency-heading">
      <h2 id="solvency-heading">{t.solvency}</h2>
      {!check ? (
        <p>{t.solvencyNotRunYet}</p>
      ) : (
        <>
          <p role="status" className={check.status === 'ok' ? 'console-ok' : 'console-error'}>
            {t.solvencyStatus[check.status]} {t.solvencyRanAt(formatTime(check.runAt))}
          </p>
          {check.errorChain && <p className="console-error">{t.solvencyErrorChain(check.errorChain)}</p>}
          <dl className="facts" aria-label={t.solvencyFigures}>
            <dt>{t.holdingsTotal}</dt>
            <dd className="mono">{check.holdingsTotal ?? t.none}</dd>
            <dt>{t.owedTotal}</dt>
            <dd className="mono">{check.owedTotal}</dd>
            <dt>{check.surplus?.startsWith('-') ? t.shortfall : t.surplus}</dt>
            <dd className="mono">{check.surplus === null ? t.none : check.surplus.replace(/^-/, '')}</dd>
          </dl>
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t.solvencyChains}>
            <table aria-label={t.solvencyChains} className="dense">
              <thead>
                <tr>
                  <th scope="col">{t.chain}</th>
                  <th scope="col">{t.depositAddresses}</th>
                  <th scope="col">{t.hotWallet}</th>
                  <th scope="col">{t.chainTotal}</th>
                </tr>
              </thead>
              <tbody>
                {check.holdings.map((row) => (
                  <tr key={row.chain}>
                    <th scope="row">{row.chain}</th>
                    <td className="mono">{row.error ? t.unread : (row.depositAddresses ?? t.none)}</td>
                    <td className="mono">{row.error ? t.unread : (row.hotWallet ?? t.none)}</td>
                    <td className="mono">{row.error ? t.unread : (row.total ?? t.none)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
