import { describe, expect, it } from 'vitest';
import { alertKindSchema, type AlertParams } from './alert-kinds';
import { alertText } from './alert-messages';

const SECRETS = ['6222020200112233445', 'Zhang Wei', '123456:TEST-token', 'whsec_secret', 'v1.ciphertext'];

/** Params as full as they come, plus the secrets a careless caller might have put beside them. */
const params = {
  orderNo: 'WDT0123456789abcdef',
  amount: '71.50',
  currency: 'CNY',
  dueAt: '2030-01-01T12:00:00.000Z',
  flow: 'payout',
  party: 'trader',
  check: 'solvency',
  cardNumber: SECRETS[0],
  payerName: SECRETS[1],
  token: SECRETS[2],
  secret: SECRETS[3],
  recipientAccount: SECRETS[4],
} as AlertParams;

describe('alert messages', () => {
  for (const kind of alertKindSchema.options) {
    for (const language of ['en', 'zh'] as const) {
      it(`${kind} in ${language}: says what it is about and carries no card number, name, token or secret`, () => {
        const text = alertText(kind, params, language);
        expect(text.length).toBeGreaterThan(10);
        expect(text).not.toMatch(/undefined|null|\[object/);
        if (kind !== 'ledger_alarm') expect(text).toContain(params.orderNo);
        for (const secret of SECRETS) expect(text).not.toContain(secret);
        // Chinese text for Chinese readers, English for English ones.
        expect(/[\u4e00-\u9fff]/.test(text)).toBe(language === 'zh');
      });
    }
  }
});
