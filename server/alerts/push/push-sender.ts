import webpush from 'web-push';
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
 * (generateRequestDetails), and fetch posts it, as the webhook worker posts its deliveries. A 404
 * or 410 from the push service means the browser dropped the subscription: permanent, and the
 * caller forgets it. The error keeps the status only.
 */
export function pushSender(vapid: VapidKeys, subject: string, timeoutMs = 10_000): PushSend {
  return async (subscription, payload) => {
    const request = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
      vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      contentEncoding: 'aes128gcm',
      TTL: 3_600,
    });
    let status: number;
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      status = response.status;
    } catch {
      throw new AlertSendError('push service unreachable');
    }
    if (status >= 200 && status < 300) return;
    throw new AlertSendError(`push ${status}`, undefined, status === 404 || status === 410);
  };
}
