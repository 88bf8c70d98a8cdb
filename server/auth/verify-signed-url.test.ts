import { describe, expect, it } from 'vitest';
import { isDomainError } from '../errors';
import { signUrl } from './sign-url';
import { signedUrlQuery } from './signed-url.schema';
import { verifySignedUrl } from './verify-signed-url';

const merchantId = '5b6b2d1e-3f0a-4c55-8e1d-9a7c2b4f6e10';
const path = '/api/v1/withdrawals/WD20261123004211983571/proofs/7d0f3a52-9a51-4a8e-b7a4-0c6f1f4f2b11';
const issuedAt = new Date('2026-11-23T08:00:00.400Z');

function refusalOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('signed URLs (server/auth/sign-url.ts, verify-signed-url.ts)', () => {
  const { url, expiresAt } = signUrl({ merchantId, path, now: issuedAt });
  const query = signedUrlQuery.parse(Object.fromEntries(new URL(url).searchParams));

  it('expire 300 s after issue, on a whole second, and open until the millisecond before', () => {
    expect(expiresAt.toISOString()).toBe('2026-11-23T08:05:00.000Z');
    expect(verifySignedUrl({ path, query, now: new Date(expiresAt.getTime() - 1) })).toEqual({ merchantId });
    expect(refusalOf(() => verifySignedUrl({ path, query, now: expiresAt }))).toBe('SIGNED_URL_EXPIRED');
  });

  it('check the signature before the expiry: an altered, expired URL is INVALID, not EXPIRED', () => {
    const later = new Date(expiresAt.getTime() + 60_000);
    expect(refusalOf(() => verifySignedUrl({ path, query: { ...query, expires: query.expires - 1 }, now: later }))).toBe('SIGNED_URL_INVALID');
    expect(refusalOf(() => verifySignedUrl({ path: `${path}/`, query, now: issuedAt }))).toBe('SIGNED_URL_INVALID');
  });
});
