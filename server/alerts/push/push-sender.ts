import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { forbiddenLiteral, guardedLookup, judgePeer } from '../../http/guarded-connection';
import { AlertSendError } from '../alert-sender';
import type { VapidKeys } from './vapid-keys';

interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Sends a web push message (aes128gcm, signed with VAPID) to one browser subscription. */
export type PushSend = (subscription: PushSubscriptionKeys, payload: string) => Promise<void>;

/**
 * A push sender: the `web-push` package encrypts the payload and signs the VAPID header
 * (generateRequestDetails), and the request goes out through the same SSRF guard as webhooks
 * (server/http/guarded-connection.ts): the endpoint was checked when it was stored, but a name is
 * judged again at every connect, so DNS cannot turn a push service into an internal address. A 404
 * or 410 from the push service means the browser dropped the subscription: permanent, and the
 * caller forgets it. The error keeps the status only.
 */
export function pushSender(vapid: VapidKeys, subject: string, options: { allowPrivate: boolean; timeoutMs?: number }): PushSend {
  return async (subscription, payload) => {
    const request = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
      vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      contentEncoding: 'aes128gcm',
      TTL: 3_600,
    });
    let status: number;
    try {
      status = await post(new URL(request.endpoint), request.headers as Record<string, string>, request.body ?? Buffer.alloc(0), options);
    } catch {
      throw new AlertSendError('push service unreachable');
    }
    if (status >= 200 && status < 300) return;
    throw new AlertSendError(`push ${status}`, undefined, status === 404 || status === 410);
  };
}

/** POSTs the message and resolves with the status; redirects are not followed. */
function post(target: URL, headers: Record<string, string>, body: Buffer, options: { allowPrivate: boolean; timeoutMs?: number }): Promise<number> {
  if (target.protocol !== 'https:' && !(options.allowPrivate && target.protocol === 'http:')) return Promise.reject(new Error('not an https endpoint'));
  const refused = options.allowPrivate ? undefined : forbiddenLiteral(target);
  if (refused) return Promise.reject(new Error(refused));
  return new Promise((resolve, reject) => {
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(body.length) },
        lookup: options.allowPrivate ? undefined : guardedLookup,
        agent: false,
        timeout: options.timeoutMs ?? 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    if (!options.allowPrivate) judgePeer(request, target.hostname);
    request.on('timeout', () => request.destroy(new Error('push service timed out')));
    request.on('error', reject);
    request.end(body);
  });
}
