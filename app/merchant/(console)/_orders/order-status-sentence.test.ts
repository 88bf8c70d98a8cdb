import { describe, expect, it } from 'vitest';
import { payinStatuses } from '../../../../server/payins/payin-machine';
import { payoutStatuses } from '../../../../server/payouts/payout-machine';
import { ordersMessages } from '../../_components/orders-messages';
import { statusSentence } from './order-status-sentence';

const times = { paymentDueAt: '2026-11-27T04:30:00.000Z', firstProofSubmittedAt: '2026-11-27T04:12:09.000Z', merchantActionDueAt: '2026-11-28T04:12:09.000Z' };

describe('an order status in words', () => {
  it('says where a payout waiting for the merchant stands, when the proof came and the deadline to decide, in English and Chinese', () => {
    expect(statusSentence('payout', { status: 'PAYMENT_SUBMITTED', ...times }, ordersMessages.en.order)).toEqual({
      now: 'Waiting for your decision: the trader uploaded proof of the transfer on 2026-11-27 04:12:09 UTC.',
      next: 'Check the proof, then Confirm or Dispute before 2026-11-28 04:12:09 UTC. If you do neither by then, the payout is disputed for you and an operator rules.',
    });
    expect(statusSentence('payout', { status: 'PAYMENT_SUBMITTED', ...times }, ordersMessages.zh.order)).toEqual({
      now: '待您决定：承兑商已于 2026-11-27 04:12:09 UTC 上传转账凭证。',
      next: '请核对凭证，然后在 2026-11-28 04:12:09 UTC 前确认或发起争议。逾期未决定的，系统将代您发起争议，由运营人员裁决。',
    });
    expect(statusSentence('payout', { status: 'PENDING_PAYMENT', ...times }, ordersMessages.en.order).now).toContain('due by 2026-11-27 04:30:00 UTC');
  });

  it('has a sentence and a next step for every status of both flows in both languages, never the bare code', () => {
    for (const lang of ['en', 'zh'] as const) {
      for (const [flow, statuses] of [
        ['payout', payoutStatuses],
        ['payin', payinStatuses],
      ] as const) {
        for (const status of statuses) {
          const sentence = statusSentence(flow, { status, ...times }, ordersMessages[lang].order);
          expect(sentence.now, `${lang} ${flow} ${status}`).not.toBe(status);
          expect(sentence.now).not.toContain('—');
          expect(sentence.next.length, `${lang} ${flow} ${status} next`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('falls back to the code for a status it does not know', () => {
    expect(statusSentence('payout', { status: 'SOMETHING_NEW' }, ordersMessages.en.order)).toEqual({ now: 'SOMETHING_NEW', next: '' });
  });
});
