import { describe, expect, it } from 'vitest';
import { frameworkLogFields, redactFrameworkText } from './framework-console';

describe('what a framework console line keeps', () => {
  it("masks a statement's parameters, quoted values, key details, query strings and tokens", () => {
    const token = 'E8uFrV09wuJEupQoiTDqvxRCsl6HZLdAIRsGx1234ab';
    expect(redactFrameworkText('Failed query: select "id" from "t" where "a" = $1\nparams: Alice Payer,4111')).toBe('Failed query: select "…" from "…" where "…" = $1\nparams: [redacted]');
    expect(redactFrameworkText('duplicate key: Key (email)=(a@b.c) already exists')).toBe('duplicate key: Key (…)=(…) already exists');
    expect(redactFrameworkText(`Request body exceeded 16 MB for /pay/${token}. Only the first`)).toBe('Request body exceeded 16 MB for /pay/[redacted]. Only the first');
    expect(redactFrameworkText('GET /api/v1/payouts/p/proofs/x?merchant=m&expires=1&sig=abc')).toBe('GET /api/v1/payouts/p/proofs/x?[redacted]');
    expect(redactFrameworkText(`/merchant/invitation/short-token and a loose ${token}`)).toBe('/merchant/invitation/[redacted] and a loose [redacted]');
    expect(redactFrameworkText('\u001b[31m\u001b[1m⨯\u001b[22m\u001b[39m plain')).toBe('⨯ plain');
  });

  it("keeps an error's safe form (no database parameters) and drops objects, where headers and bodies ride", () => {
    const failed = Object.assign(new Error('Failed query: select 1\nparams: secret'), { name: 'DrizzleQueryError', params: ['secret'] });
    const fields = frameworkLogFields(['⨯', new Error('failed to pipe response', { cause: failed }), { headers: { cookie: 'c' } }]);
    expect(fields.text).toBe('[object]');
    expect(fields.error).toMatchObject({ type: 'Error', message: 'failed to pipe response', cause: { type: 'DrizzleQueryError', message: 'A database statement failed.' } });
    expect(JSON.stringify(fields)).not.toMatch(/secret|cookie/);
  });
});
