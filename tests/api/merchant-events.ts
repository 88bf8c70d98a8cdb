import type { Db } from '../../db/client';
import { writeEvent } from '../../server/orders/write-event';

/** Writes a `webhook.test` event for the merchant at `now`, as the outbox does (server/orders/write-event.ts). */
export function emitTestEvent(db: Db, merchantId: string, now: Date, message = 'hello') {
  return db.transaction((tx) => writeEvent(tx, { merchantId, type: 'webhook.test', flow: 'test', data: { message }, now }));
}
