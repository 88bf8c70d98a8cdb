import type { OrdersMessages } from '../../_components/orders-messages';
import { statusSentence } from './order-status-sentence';

/**
 * The top of an order's page: where the order stands in words and what the merchant does next
 * (docs/merchant-guide.md, "The order page"), before any detail, proof or button.
 */
export function OrderStatus({
  flow,
  order,
  t,
}: {
  flow: 'payout' | 'payin';
  order: Parameters<typeof statusSentence>[1];
  t: OrdersMessages['order'];
}) {
  const sentence = statusSentence(flow, order, t);
  return (
    <section aria-labelledby="now-heading" className="notice order-now">
      <h2 id="now-heading">{t.nowHeading}</h2>
      <p data-testid="status-sentence">{sentence.now}</p>
      {sentence.next ? (
        <p data-testid="next-step">
          <strong>{t.nextLabel}</strong> {sentence.next}
        </p>
      ) : null}
    </section>
  );
}

/** The payout's recipient as the merchant gave them; the account only as its last 4 digits (docs/security.md, "Card numbers"). */
export function RecipientFacts({ recipient, t }: { recipient: { holderName: string; bankName: string; accountLast4: string }; t: OrdersMessages['order'] }) {
  return (
    <section aria-labelledby="recipient-heading">
      <h2 id="recipient-heading">{t.recipient}</h2>
      <dl className="facts" data-testid="recipient">
        <dt>{t.holderName}</dt>
        <dd data-testid="recipient-holder">{recipient.holderName}</dd>
        <dt>{t.bankName}</dt>
        <dd>{recipient.bankName}</dd>
        <dt>{t.account}</dt>
        <dd className="mono" data-testid="recipient-account">
          {t.maskedAccount(recipient.accountLast4)}
        </dd>
      </dl>
    </section>
  );
}
