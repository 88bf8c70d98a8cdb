'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../_trpc/client';
import { formatTime } from './format';
import type { Lang } from './language';
import { useMessages } from './messages-context';
import type { EvidenceRequests } from './types';

const text: Record<Lang, { label: string; asks: string; answerBy: (at: string) => string; paused: string }> = {
  en: {
    label: 'What the reviewer asks of you',
    asks: 'The reviewer asks you:',
    answerBy: (at) => `Please answer by ${at} by adding your receipt or a note.`,
    paused: 'The order’s time limits are paused while it is reviewed.',
  },
  zh: {
    label: '审核人员的补充要求',
    asks: '审核人员请您补充：',
    answerBy: (at) => `请在 ${at} 前上传付款凭证或补充说明。`,
    paused: '审核期间，订单的各项时限已暂停。',
  },
};

/**
 * The operator's open requests to the buyer while the pay-in is disputed (docs/operator-guide.md,
 * "Evidence"), shown on the checkout under the disputed screen. Nothing when none is open.
 */
export function EvidenceRequestNote({ token, initial }: { token: string; initial: EvidenceRequests | null }) {
  const trpc = useTRPC();
  const { lang, timeZone } = useMessages();
  const t = text[lang];
  // Rendered by the server when the page opened on this screen; asked for when it arrived here later.
  const asked = useQuery(trpc.checkout.evidenceRequests.queryOptions({ token }, { initialData: initial ?? undefined, refetchOnMount: initial === null }));
  if (!asked.data || asked.data.requests.length === 0) return null;
  return (
    <section aria-label={t.label} data-testid="buyer-evidence-requests">
      <p>{t.paused}</p>
      {asked.data.requests.map((request) => (
        <div key={request.id} role="note" className="notice">
          <strong>{t.asks}</strong> “{request.message}”
          <div>{t.answerBy(formatTime(request.dueAt, lang, timeZone))}</div>
        </div>
      ))}
    </section>
  );
}
