import type { Metadata } from 'next';
import Link from 'next/link';
import { EVIDENCE_STATES } from '../../../../../server/disputes/dispute-evidence.schema';
import { hasMerchantPermission } from '../../../../../server/merchant-team/merchant-permissions';
import { requireMerchantUser } from '../../../../_auth/require-merchant-user';
import { formatTime } from '../../../../_components/console/format';
import { merchantCaller, orNotFound } from '../../../_components/merchant-caller';
import { merchantLangOfRequest } from '../../../_components/merchant-language';
import { ordersMessages } from '../../../_components/orders-messages';
import { statusLabel } from '../../../../_components/order-labels';
import { OrderActions } from '../../_orders/order-actions';
import { OrderFields, OrderTimeline, RulingOutcome } from '../../_orders/order-parts';
import { OrderStatus, RecipientFacts } from '../../_orders/order-status';
import { ProofViewer } from '../../_orders/proof-viewer';
import { StatementForm } from '../../_orders/statement-form';
import { EvidenceRequests } from '../../_orders/evidence-requests';
import { MerchantConversation } from '../../_orders/merchant-conversation';
import { WithdrawDispute } from '../../_orders/withdraw-dispute';
import { decodedSegment } from '../../../../_components/decoded-segment';

export const metadata: Metadata = { title: 'Payout · Merchant console', robots: { index: false } };

/** One payout: its state in words and the next step, the recipient, the proofs, then the decision, the evidence, the outcome and the timeline. */
export default async function MerchantPayoutPage({ params }: { params: Promise<{ reference: string }> }) {
  const { reference } = await params;
  const user = await requireMerchantUser(`/merchant/payouts/${encodeURIComponent(reference)}`, 'orders.read');
  const lang = await merchantLangOfRequest();
  const t = ordersMessages[lang].order;
  const page = await orNotFound((await merchantCaller()).merchantOrders.payout({ reference: decodedSegment(reference) }));
  const { payout } = page;
  const canDecide = hasMerchantPermission(user.merchantRole, 'orders.decide');
  const evidenceOpen = (EVIDENCE_STATES.payout as readonly string[]).includes(payout.status);
  return (
    <>
      <p>
        <Link href="/merchant/payouts">{t.back}</Link>
      </p>
      <h1>
        {t.payoutTitle(payout.orderNo)} <span className="tag" data-testid="order-status">{statusLabel(lang, 'payout', payout.status)}</span>
      </h1>
      <OrderStatus flow="payout" order={payout} t={t} />
      <RecipientFacts recipient={page.recipient} t={t} />
      {/* The proof comes before the decision: the merchant reads it, then confirms or disputes. */}
      <section aria-labelledby="proofs-heading">
        <h2 id="proofs-heading">{t.proofs}</h2>
        <ProofViewer proofs={page.proofs} />
      </section>
      {canDecide ? (
        <OrderActions
          order={{ flow: 'payout', orderNo: payout.orderNo, status: payout.status, usdAmount: payout.usdAmount, usdFeeAmount: payout.usdFeeAmount, fiatAmount: payout.lockedFiatAmount, actions: page.actions }}
        />
      ) : (
        <p>{t.readOnly}</p>
      )}
      {canDecide && payout.status === 'DISPUTED' ? <WithdrawDispute orderNo={payout.orderNo} /> : null}
      <EvidenceRequests flow="payout" reference={payout.orderNo} />
      {payout.status === 'DISPUTED' || payout.disputeReason ? <MerchantConversation flow="payout" orderId={payout.orderId} canSpeak={canDecide} /> : null}
      <RulingOutcome flow="payout" ruling={page.ruling} entries={page.timeline} t={t} />
      {payout.disputeReason || page.evidence.items.length > 0 || (canDecide && evidenceOpen) ? (
        <section aria-labelledby="evidence-heading">
          <h2 id="evidence-heading">{t.evidence}</h2>
          {payout.disputeReason ? (
            <p>
              {t.disputeReason}: {payout.disputeReason}
            </p>
          ) : null}
          {page.evidence.items.length === 0 ? (
            <p>{t.noEvidence}</p>
          ) : (
            <ul data-testid="evidence">
              {page.evidence.items.map((item) => (
                <li key={item.id}>
                  {formatTime(item.createdAt)}: {item.statement ?? ''} {item.files.length > 0 ? `(${item.files.length} image${item.files.length === 1 ? '' : 's'})` : ''}
                </li>
              ))}
            </ul>
          )}
          {canDecide && evidenceOpen ? <StatementForm orderNo={payout.orderNo} imagesRemaining={page.evidence.imagesRemaining} /> : null}
        </section>
      ) : null}
      <OrderFields fields={payout} t={t} />
      <OrderTimeline entries={page.timeline} t={t} flow="payout" lang={lang} />
    </>
  );
}
