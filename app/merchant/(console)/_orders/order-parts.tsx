import type { PayinRuling } from '../../../../server/payins/payin-ruling';
import type { PayoutRuling } from '../../../../server/payouts/payout-ruling';
import type { MerchantTimelineEntry } from '../../../../server/merchant-console/merchant-order-timeline';
import { formatTime } from '../../../_components/console/format';
import type { OrdersMessages } from '../../_components/orders-messages';
import { labelOf, orderLabels, statusLabel } from '../../../_components/order-labels';
import type { Lang } from '../../../pay/[token]/language';

/** Every field of the API's detail, under its API name (docs/api.md), so support and developers speak of the same thing. */
export function OrderFields({ fields, t }: { fields: Record<string, unknown>; t: OrdersMessages['order'] }) {
  return (
    <section aria-labelledby="details-heading">
      <h2 id="details-heading">{t.details}</h2>
      <dl className="facts" data-testid="order-fields">
        {Object.entries(fields).map(([name, value]) => (
          <div key={name} style={{ display: 'contents' }}>
            <dt className="mono">{name}</dt>
            <dd className={typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? undefined : 'mono'}>
              {value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : /^\d{4}-\d{2}-\d{2}T/.test(String(value)) ? formatTime(String(value)) : String(value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Who did what when (order_transitions), oldest first, the actions and statuses in words. */
export function OrderTimeline({ entries, t, flow, lang }: { entries: MerchantTimelineEntry[]; t: OrdersMessages['order']; flow: 'payout' | 'payin'; lang: Lang }) {
  const status = (code: string) => statusLabel(lang, flow, code);
  return (
    <section aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">{t.timeline}</h2>
      {/* Focusable, so that the table scrolls sideways from the keyboard on a phone too. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t.timelineScroll}>
        <table aria-labelledby="timeline-heading" data-testid="timeline">
          <thead>
            <tr>
              <th scope="col">{t.when}</th>
              <th scope="col">{t.who}</th>
              <th scope="col">{t.what}</th>
              <th scope="col">{t.note}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, index) => (
              <tr key={index}>
                <td>{formatTime(entry.at)}</td>
                <td>
                  {t.actors[entry.actorType] ?? entry.actorType}
                  {entry.actorName ? ` (${entry.actorName})` : ''}
                </td>
                <td>
                  {labelOf(orderLabels[lang].action, entry.action)}: {entry.fromStatus ? status(entry.fromStatus) : '—'} → <strong>{status(entry.toStatus)}</strong>
                </td>
                <td>{entry.note ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** What the ruling did in words, with the exact USDT amounts its ledger transfer moved. */
function outcomeText(flow: 'payout' | 'payin', ruling: PayoutRuling | PayinRuling, t: OrdersMessages['order']): string {
  switch (ruling.outcome) {
    case 'released':
      return t.outcomeRelease(ruling.traderAmount, ruling.feeAmount);
    case 'refunded':
      return t.outcomeRefund(ruling.merchantAmount);
    case 'split':
      return flow === 'payout'
        ? t.outcomeSplitPayout(ruling.traderAmount, ruling.feeAmount, ruling.merchantAmount)
        : t.outcomeSplitPayin(ruling.merchantAmount, ruling.feeAmount, ruling.traderAmount);
    case 'completed':
      return t.outcomeComplete(ruling.merchantAmount, ruling.feeAmount);
    case 'failed':
      return t.outcomeFail(ruling.traderAmount);
  }
}

/**
 * The ruling's outcome (docs/merchant-guide.md, "The order page"): in words, with the USDT the
 * trader was paid, you were credited or returned and the fee, then the reason code, the operator's
 * note and when; nothing before a ruling.
 */
export function RulingOutcome({
  flow,
  ruling,
  entries,
  t,
}: {
  flow: 'payout' | 'payin';
  ruling: PayoutRuling | PayinRuling | null;
  entries: MerchantTimelineEntry[];
  t: OrdersMessages['order'];
}) {
  if (!ruling) return null;
  const step = [...entries].reverse().find((entry) => entry.action.startsWith('resolve_'));
  return (
    <section aria-labelledby="outcome-heading">
      <h2 id="outcome-heading">{t.outcome}</h2>
      <p data-testid="ruling-outcome">{outcomeText(flow, ruling, t)}</p>
      <dl className="facts">
        {ruling.reasonCode ? (
          <>
            <dt>{t.outcomeReason}</dt>
            <dd className="mono">{ruling.reasonCode}</dd>
          </>
        ) : null}
        <dt>{t.outcomeNote}</dt>
        <dd>{ruling.note}</dd>
        {step ? (
          <>
            <dt>{t.outcomeAt}</dt>
            <dd>{formatTime(step.at)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
