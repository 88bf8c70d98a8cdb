import type { MerchantTimelineEntry } from '../../../../server/merchant-console/merchant-order-timeline';
import { formatTime } from '../../../operator/_components/format';
import type { OrdersMessages } from '../../_components/orders-messages';

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

/** Who did what when (order_transitions), oldest first. */
export function OrderTimeline({ entries, t }: { entries: MerchantTimelineEntry[]; t: OrdersMessages['order'] }) {
  return (
    <section aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">{t.timeline}</h2>
      <div className="table-scroll">
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
                  <span className="mono">{entry.action}</span>: {entry.fromStatus ?? '—'} → <strong>{entry.toStatus}</strong>
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

/** The ruling's outcome, from the operator's step in the timeline; nothing before a ruling. */
export function RulingOutcome({ entries, t }: { entries: MerchantTimelineEntry[]; t: OrdersMessages['order'] }) {
  // Payouts: release (for the trader) or refund (for the merchant); pay-ins: complete (the merchant is credited) or fail.
  const ruling = [...entries].reverse().find((entry) => entry.action.startsWith('resolve_'));
  if (!ruling) return null;
  return (
    <section aria-labelledby="outcome-heading">
      <h2 id="outcome-heading">{t.outcome}</h2>
      <p data-testid="ruling-outcome">{{ resolve_release: t.outcomeRelease, resolve_refund: t.outcomeRefund, resolve_complete: t.outcomeComplete, resolve_fail: t.outcomeFail }[ruling.action] ?? ruling.action}</p>
      {ruling.note ? <p>{ruling.note}</p> : null}
      <p>{formatTime(ruling.at)}</p>
    </section>
  );
}
