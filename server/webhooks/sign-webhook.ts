import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signature (docs/webhooks.md, "Verifying the signature"): base64 HMAC-SHA256
 * over `id.timestamp.body`, keyed with the base64-decoded part of `whsec_...`. Several secrets give
 * several space-separated `v1,` signatures (a rotation's overlap).
 */
function webhookSignature(secrets: readonly string[], id: string, timestampSeconds: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
    })
    .join(' ');
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
