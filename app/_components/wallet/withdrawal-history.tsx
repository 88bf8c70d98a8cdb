'use client';

import { formatUsdt } from '../../../common/amount-display';
import { formatTime } from '../console/format';
import type { Lang } from '../../pay/[token]/language';
import { withdrawalsMessages } from './withdrawals-messages';

interface WithdrawalRow {
  id: string;
  chain: string;
  toAddress: string;
  amount: string;
  fee: string;
  state: string;
  reason: string | null;
  txHash: string | null;
  requestedAt: string;
}

/** The chain's explorer page for a hash, from its `{hash}` template; null without one (a local chain). */
function explorerHref(template: string | null | undefined, hash: string): string | null {
  return template ? template.replace('{hash}', encodeURIComponent(hash)) : null;
}

/**
 * The owner's withdrawals, newest first, a page at a time; the state in words (with the reason of
 * a rejection or failure) and the transaction hash linked to the chain's explorer when it has one.
 */
export function WithdrawalHistory({
  lang,
  items,
  chainNames,
  explorers,
}: {
  lang: Lang;
  items: WithdrawalRow[] | undefined;
  chainNames: Record<string, string>;
  /** Each chain's explorer template by key (docs/wallet.md, "Chains"). */
  explorers: Record<string, string | null>;
}) {
  const t = withdrawalsMessages[lang];
  if (!items) return null;
  if (items.length === 0) {
    return (
      <p className="console-empty" data-testid="withdrawals-empty">
        {t.historyEmpty}
      </p>
    );
  }
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="withdrawal-history-heading">
      <table data-testid="withdrawal-history" aria-labelledby="withdrawal-history-heading">
        <thead>
          <tr>
            <th scope="col">{t.when}</th>
            <th scope="col">{t.chain}</th>
            <th scope="col">{t.amount}</th>
            <th scope="col">{t.fee}</th>
            <th scope="col">{t.to}</th>
            <th scope="col">{t.state}</th>
            <th scope="col">{t.transaction}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((withdrawal) => {
            const href = withdrawal.txHash ? explorerHref(explorers[withdrawal.chain], withdrawal.txHash) : null;
            return (
              <tr key={withdrawal.id} data-state={withdrawal.state}>
                <td>{formatTime(withdrawal.requestedAt)}</td>
                <td>{chainNames[withdrawal.chain] ?? withdrawal.chain}</td>
                <td className="mono amount">{formatUsdt(withdrawal.amount)}</td>
                <td className="mono amount">{formatUsdt(withdrawal.fee)}</td>
                <td className="mono wallet-hash" translate="no">
                  {withdrawal.toAddress}
                </td>
                <td data-testid="withdrawal-state">
                  {t.states[withdrawal.state] ?? withdrawal.state}
                  {withdrawal.reason ? ` (${withdrawal.reason})` : ''}
                </td>
                <td className="mono wallet-hash" translate="no">
                  {withdrawal.txHash && href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={t.viewTx(withdrawal.txHash)}>
                      {withdrawal.txHash}
                    </a>
                  ) : (
                    (withdrawal.txHash ?? '—')
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
