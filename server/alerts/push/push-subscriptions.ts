import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { pushSubscriptions } from '../../../db/schema';
import { DomainError } from '../../errors';
import { parseInput } from '../../validation/parse-input';
import { refusePrivateEndpoint } from '../../http/refuse-private-endpoint';

const base64url = (bytes: number) => z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), { error: `must be ${bytes} bytes, base64url` });

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const pushSubscriptionInput = z
  .object({
    endpoint: z.url().max(2048),
    keys: z.object({ p256dh: base64url(65), auth: base64url(16) }).strict(),
  })
  .strict();

type SubscribePushOptions = z.input<typeof pushSubscriptionInput> & {
  userId: string;
  options: { allowPrivate: boolean };
};

/**
 * Stores a browser's subscription for the person; an endpoint already stored moves to them (the
 * browser is theirs now). Push services are public HTTPS: a plain-HTTP or private-address endpoint
 * is refused, as webhook endpoints are, unless the deployment allows private destinations.
 */
export async function subscribePush(db: Db, { userId, options, ...rawInput }: SubscribePushOptions) {
  const input = parseInput(pushSubscriptionInput, rawInput);
  if (!options.allowPrivate) {
    if (!input.endpoint.startsWith('https://')) {
      throw new DomainError('VALIDATION_FAILED', 'The request is not valid.', { details: [{ path: 'endpoint', message: 'must be an https URL' }] });
    }
    refusePrivateEndpoint(input.endpoint);
  }
  const values = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
  await db.insert(pushSubscriptions).values(values).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  return { subscribed: true };
}

/** Forgets one of the person's browsers (the page's "turn off push"). */
export async function unsubscribePush(db: Db, userId: string, endpoint: string) {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return { unsubscribed: gone.length > 0 };
}
