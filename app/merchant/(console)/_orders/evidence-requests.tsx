'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../_trpc/client';
import { formatTime } from '../../../_components/console/format';
import { useMerchantMessages } from '../../_components/messages-context';
import { disputeProcessMessages } from './dispute-process-messages';

/**
 * The operator's open requests to the merchant on a disputed order, with their deadline, and the
 * paused clock (docs/merchant-guide.md, "Evidence requests"). Nothing when there is neither.
 */
export function EvidenceRequests({ flow, reference }: { flow: 'payout' | 'payin'; reference: string }) {
  const trpc = useTRPC();
  const { lang } = useMerchantMessages();
  const t = disputeProcessMessages[lang];
  const asked = useQuery(trpc.merchantOrders.evidenceRequests.queryOptions({ flow, reference }));
  if (!asked.data) return null;
  const { requests, timersPausedAt, answerDueAt } = asked.data;
  if (requests.length === 0 && !timersPausedAt && !answerDueAt) return null;
  return (
    <section aria-label={t.requestsLabel} data-testid="evidence-requests">
      {timersPausedAt ? <p>{t.paused(formatTime(timersPausedAt))}</p> : null}
      {answerDueAt ? <p role="note" className="notice" data-testid="dispute-answer-due">{t.disputeDueBy(formatTime(answerDueAt))}</p> : null}
      {requests.map((request) => (
        <div key={request.id} role="note" className="notice">
          <strong>{t.asks}</strong> “{request.message}”
          <div>{t.answerBy(formatTime(request.dueAt))}</div>
        </div>
      ))}
    </section>
  );
}
