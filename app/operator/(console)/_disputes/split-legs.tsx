'use client';

import { useOperatorLang } from '../../_components/messages-context';
import { disputesMessages } from './disputes-messages';

/** Where a split's money goes, as the ledger will post it (one transfer, docs/ledger.md "Split rulings"). */
export function SplitLegsList({ flow, legs }: { flow: 'payout' | 'payin'; legs: { traderAmount: string; merchantAmount: string; feeAmount: string } }) {
  const t = disputesMessages[useOperatorLang()].split;
  const places = flow === 'payout' ? 2 : 6;
  // The legs come at ledger precision; a payout's are whole cents, so they read as the merchant sees them.
  const show = (amount: string) => (places === 2 ? amount.replace(/^(\d+\.\d{2})0*$/, '$1') : amount);
  return (
    <dl className="facts" aria-label={t.label}>
      <dt>{flow === 'payout' ? t.toTrader : t.backToTrader}</dt>
      <dd>{`${show(legs.traderAmount)} USDT`}</dd>
      <dt>{t.fee}</dt>
      <dd>{`${show(legs.feeAmount)} USDT`}</dd>
      <dt>{flow === 'payout' ? t.backToMerchant : t.toMerchant}</dt>
      <dd>{`${show(legs.merchantAmount)} USDT`}</dd>
    </dl>
  );
}
