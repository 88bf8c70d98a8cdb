import { describe, expect, it } from 'vitest';
import { parseNotification } from './parse-notification';
import { notificationTemplates } from './templates';

const receivedAt = new Date('2026-11-23T08:00:00Z');

/** "MM-DD HH:mm" or "YYYY-MM-DD HH:mm" in China time. */
function chinaTime(date: Date | null, withYear: boolean): string | undefined {
  if (!date) return undefined;
  const iso = new Date(date.getTime() + 8 * 3600_000).toISOString();
  return `${withYear ? iso.slice(0, 10) : iso.slice(5, 10)} ${iso.slice(11, 16)}`;
}

describe('notification templates', () => {
  it('covers the six largest banks, China Merchants Bank, Alipay and WeChat Pay, each with a credit and a debit sample', () => {
    expect(notificationTemplates.map((t) => t.id)).toEqual(expect.arrayContaining(['icbc', 'ccb', 'abc', 'boc', 'bocom', 'psbc', 'cmb', 'alipay', 'wechat-pay']));
    for (const template of notificationTemplates) {
      const directions = new Set(template.samples.map((s) => s.expect.direction));
      expect([template.id, [...directions].sort()]).toEqual([template.id, ['credit', 'debit']]);
      expect(template.samples.some((s) => /\d,\d{3}/.test(s.text))).toBe(true);
      expect(template.senders.some((pattern) => pattern.test(template.exampleSender))).toBe(true);
    }
  });

  for (const template of notificationTemplates) {
    describe(template.name, () => {
      for (const sample of template.samples) {
        it(`reads ${sample.text}`, () => {
                    const parsed = parseNotification({ sender: template.exampleSender, text: sample.text, receivedAt });
          expect(parsed).not.toBeNull();
          const withYear = sample.expect.time?.length === 16;
          expect({
            direction: parsed?.direction,
            amount: parsed?.amount,
            last4: parsed?.last4 ?? undefined,
            time: chinaTime(parsed?.occurredAt ?? null, withYear),
            payer: parsed?.payerName ?? undefined,
            memo: parsed?.memo ?? undefined,
          }).toEqual({ last4: undefined, time: undefined, payer: undefined, memo: undefined, ...sample.expect });
          expect(parsed?.parserId).toBe(template.id);
        });
      }
    });
  }
});

describe('parseNotification', () => {
  it('keeps unknown texts unparsed rather than guessing', () => {
    for (const [sender, text] of [
      ['95588', '【工商银行】您的验证码是123456，请勿泄露。'],
      ['95588', '尊敬的客户，您尾号1234卡本月账单已出，应还1,000.00元。'],
      ['10086', '您尾号1234卡11月23日14:05网上银行转账收入(张三)1,000.00元，余额5,000.00元。【工商银行】'],
      ['alipay', '花呗本月账单1,000.00元，请按时还款'],
      ['unknown-app', '收到1000元'],
    ] as const) {
      expect([sender, text, parseNotification({ sender, text, receivedAt })]).toEqual([sender, text, null]);
    }
  });

  it('takes the year before for a December text received in January', () => {
    const parsed = parseNotification({
      sender: '95566',
      text: '【中国银行】您的借记卡账户1234，于12月31日23:59网银转账收入人民币100.00元，交易后余额5,000.00元。',
      receivedAt: new Date('2027-01-01T00:30:00Z'),
    });
    expect(parsed?.occurredAt?.toISOString()).toBe('2026-12-31T15:59:00.000Z');
  });

  it('refuses impossible dates and malformed amounts', () => {
    expect(parseNotification({ sender: '95588', text: '您尾号1234卡2月31日14:05转账收入(张三)100.00元', receivedAt })?.occurredAt).toBeNull();
    expect(parseNotification({ sender: '95588', text: '您尾号1234卡11月23日14:05转账收入(张三)1,00.00元', receivedAt })).toBeNull();
    expect(parseNotification({ sender: '95588', text: '您尾号1234卡11月23日14:05转账收入(张三)0.00元', receivedAt })).toBeNull();
    expect(parseNotification({ sender: '95588', text: `您尾号1234卡11月23日14:05转账收入(张三)${'9'.repeat(30)}.00元`, receivedAt })).toBeNull();
  });

  it('accepts the short code behind an SMS gateway prefix', () => {
    expect(parseNotification({ sender: '+8695588', text: '您尾号1234卡11月23日14:05转账收入(张三)100.00元', receivedAt })?.amount).toBe('100.00');
  });
});
