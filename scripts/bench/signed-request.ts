import { randomBytes } from 'node:crypto';
import { signatureFor } from '../../clients/node/corridor-client';
import type { BenchMerchant } from './seed-bench';

let counter = 0;

/** A unique id per request: merchantOrderNo, Idempotency-Key. */
export function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

/** Headers of a signed request with a fresh nonce (docs/api.md, "Signing a request"). */
export function signedHeaders(merchant: BenchMerchant, method: string, path: string, body: string): Record<string, string> {
  const timestamp = String(Date.now());
  const nonce = randomBytes(18).toString('base64url');
  return {
    'x-api-key': merchant.apiKey,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-signature': signatureFor(merchant.apiSecret, { timestamp, nonce, method, pathAndQuery: path, body }),
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
}

export function payoutBody(): string {
  return JSON.stringify({
    merchantOrderNo: uniqueId('bench'),
    fiatAmount: '100.00',
    recipient: { holderName: 'Li Lei', bankAccount: '6222020200112233445', bankName: 'Bank of China' },
  });
}

export function payinBody(): string {
  return JSON.stringify({ merchantOrderNo: uniqueId('bench-in'), assetAmount: '10' });
}
