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
      <div className="table-scroll">
        <table className="trader-table">
          <thead>
            <tr>
              <th scope="col">{n.compareWhat}</th>
              <th scope="col">{n.compareCredit}</th>
              <th scope="col">{n.compareOrder}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{n.amountLabel}</th>
              <td>¥{formatCny(item.amount ?? '')}</td>
              <td>¥{formatCny(order.amount)}</td>
            </tr>
            <tr>
              <th scope="row">{n.referenceLabel}</th>
              <td translate="no">{item.memo ?? n.notGiven}</td>
              <td translate="no">{order.buyerReference ?? n.notGiven}</td>
            </tr>
            <tr>
              <th scope="row">{n.payerLabel}</th>
              <td translate="no">{item.payerName ?? n.notGiven}</td>
              <td translate="no">{order.payerName ?? n.notGiven}</td>
            </tr>
          </tbody>
        </table>
      </div>
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
