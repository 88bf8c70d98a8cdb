'use client';

import type { inferRouterOutputs } from '@trpc/server';
import { formatCny, formatUsdt } from '../../../common/amount-display';
import type { AppRouter } from '../../_trpc/root';
import { useTraderMessages } from '../_components/messages-context';

type Notification = inferRouterOutputs<AppRouter>['trader']['notifications']['items'][number];

/**
 * The second step before releasing on a suggested match (docs/trader-guide.md, "Confirming a
 * suggestion"): the bank message beside the order (amount, reference, payer name), a differing payer
 * name and a missing reference said in words, the score taken apart, and the USDT that leaves escrow.
 */
export function ReleaseConfirmation({
  item,
  busy,
  onRelease,
  onBack,
}: {
  item: Notification & { order: NonNullable<Notification['order']> };
  busy: boolean;
  onRelease: () => void;
  onBack: () => void;
}) {
  const { t } = useTraderMessages();
  const n = t.notifications;
  const order = item.order;
  const payerDiffers = item.scoreParts?.some((part) => part.signal === 'payerName' && part.held === 'differs') ?? false;
  const referenceMissing = order.buyerReference !== null && item.scoreParts?.some((part) => part.signal === 'reference' && part.held === false);
  return (
    <div className="trader-confirm" role="group" aria-label={n.confirmQuestion(order.orderNo)} data-testid="release-confirmation">
      <p className="trader-attention">{n.confirmQuestion(order.orderNo)}</p>
      <dl className="trader-facts">
        {[
          [n.amountLabel, `¥${formatCny(item.amount ?? '')}`, `¥${formatCny(order.amount)}`],
          [n.referenceLabel, item.memo ?? n.notGiven, order.buyerReference ?? n.notGiven],
          [n.payerLabel, item.payerName ?? n.notGiven, order.payerName ?? n.notGiven],
        ].map(([label, credit, expected]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              {n.compareCredit}: <span translate="no">{credit}</span> · {n.compareOrder}: <span translate="no">{expected}</span>
            </dd>
          </div>
        ))}
      </dl>
      {payerDiffers ? (
        <p className="trader-error" data-testid="payer-differs">
          {n.payerDiffers(item.payerName ?? '', order.payerName ?? '')}
        </p>
      ) : null}
      {referenceMissing ? <p className="trader-error">{n.referenceMissing(order.buyerReference ?? '')}</p> : null}
      <p className="trader-attention">{n.partsHeading(item.score ?? 0)}</p>
      {item.scoreParts ? (
        <ul data-testid="score-parts">
          {item.scoreParts.map((part) => (
            <li key={part.signal}>
              {n.parts[part.signal]}: {typeof part.held === 'boolean' ? n.held(part.held) : n.payerNameHeld[part.held]}, {n.points(part.points)}
            </li>
          ))}
        </ul>
      ) : (
        <p>{n.partsUnknown}</p>
      )}
      <p>{n.confirmIntro(formatUsdt(order.assetAmount))}</p>
      <div className="trader-actions">
        <button type="button" className="trader-button is-primary" disabled={busy} onClick={onRelease}>
          {busy ? n.releasing : n.yesRelease}
        </button>
        <button type="button" className="trader-button" disabled={busy} onClick={onBack}>
          {t.common.back}
        </button>
      </div>
    </div>
  );
}
