import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signature (docs/webhooks.md, "Verifying the signature"): base64 HMAC-SHA256
 * over `id.timestamp.body`, keyed with the base64-decoded part of `whsec_...`. Several secrets give
 * several space-separated `v1,` signatures (a rotation's overlap).
 */
function webhookSignature(secrets: readonly string[], id: string, timestampSeconds: number, body: string): string {
  return secrets.map((secret) => `v1,${signingHmac(secret, id, timestampSeconds).update(body).digest('base64')}`).join(' ');
}

function signingHmac(secret: string, id: string, timestampSeconds: number) {
  return createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).update(`${id}.${timestampSeconds}.`);
}

/** The same signature over a body read in chunks: a report file too large to hold whole (server/reports/delivery). */
export async function webhookSignatureOfChunks(secret: string, id: string, timestampSeconds: number, chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const hmac = signingHmac(secret, id, timestampSeconds);
  for await (const chunk of chunks) hmac.update(chunk);
  return `v1,${hmac.digest('base64')}`;
}

export function webhookHeaders(secrets: readonly string[], id: string, now: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'Corridor-Webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': webhookSignature(secrets, id, timestamp, body),
  };
}
