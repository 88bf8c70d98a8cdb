import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema';
import { DomainError } from '../errors';
import { createPayin, type CreatedPayin } from '../payins/create-payin';
import { demoCredentials } from './demo-credentials';

/** What the demo checkout's button asks for: a round amount the demo trader's quote serves. */
export const DEMO_PAYIN_FIAT_AMOUNT = '500.00';

/**
 * A pay-in from the demo merchant, as `POST /api/v1/orders` would make it, for the checkout demo
 * page's button (/demo/checkout). Only the caller knows whether the server runs in demo
 * mode; without the demo merchant (a production database) it is NOT_FOUND.
 */
export async function createDemoPayin(db: Db, now = new Date()): Promise<CreatedPayin> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, demoCredentials.merchant.id));
  if (!merchant) throw new DomainError('NOT_FOUND', 'The demo merchant does not exist: start Corridor in demo mode.');
  return db.transaction((tx) => createPayin(tx, { merchant, input: { merchantOrderNo: `demo-checkout-${randomUUID()}`, fiatAmount: DEMO_PAYIN_FIAT_AMOUNT }, now }));
}
