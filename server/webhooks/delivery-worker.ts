import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { log } from '../logging/log';
import { claimDeliveries, PER_MERCHANT_IN_FLIGHT, releaseClaims } from './claim-deliveries';
import { deliverWebhook, type DeliverOptions } from './deliver-webhook';

export interface WorkerOptions {
  workerId?: string;
  allowPrivate: boolean;
  leaseMs: number;
  /**
   * Deliveries in flight at once in this worker. Several times PER_MERCHANT_IN_FLIGHT, so that it
   * takes several slow merchants at once to fill a worker (docs/security.md).
   */
  concurrency?: number;
  /** Deliveries of one merchant in flight at once across all workers (claim-deliveries.ts). */
  perMerchant?: number;
  /** Pause between polls when nothing was due. */
  idleMs?: number;
  timeoutMs?: number;
  schedule?: readonly number[];
  /**
   * Whether the loop's timers hold the process open. The server embeds the loop and must exit
   * without waiting for it; `npm run worker` has nothing else to hold it while the database is
   * away during a failover, and would end itself instead of waiting (as the signer and watcher).
   */
  keepProcessAlive?: boolean;
}

export interface RunningWorker {
  workerId: string;
  /** Stops claiming, lets deliveries in flight finish (up to `graceMs`), then hands back the rest. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The delivery loop. It runs inside the server process by default and as `npm run worker` where
 * deployments scale it apart; any number may run against one PostgreSQL.
 */
export function startDeliveryWorker(db: Db, options: WorkerOptions): RunningWorker {
  const workerId = options.workerId ?? `worker-${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? 16;
  const perMerchant = options.perMerchant ?? PER_MERCHANT_IN_FLIGHT;
  const deliver: DeliverOptions = { workerId, allowPrivate: options.allowPrivate, timeoutMs: options.timeoutMs, schedule: options.schedule };
  const inFlight = new Set<Promise<unknown>>();
  let stopping = false;
  let wake: (() => void) | undefined;
  // Held for the loop's whole life, not only between polls: while a claim waits on a database that
  // is reconnecting, the driver's own timers do not hold the process either.
  const alive = options.keepProcessAlive ? setInterval(() => {}, 60_000) : undefined;

  // A claim is a transaction of its own (lock, read, lease: four round trips): taken for every
  // delivery that finishes, it would cost more than the delivery. The loop claims once a quarter
  // of its slots are free.
  const refill = Math.max(1, Math.ceil(concurrency / 4));
  const loop = (async () => {
    while (!stopping) {
      const room = concurrency - inFlight.size;
      let claimed = 0;
      if (room >= refill) {
        try {
          const batch = await claimDeliveries(db, { workerId, now: new Date(), limit: room, leaseMs: options.leaseMs, perMerchant });
          claimed = batch.length;
          for (const delivery of batch) {
            const job = deliverWebhook(db, delivery, deliver)
              .catch((error: unknown) => log('error', 'webhook delivery failed unexpectedly', { workerId, deliveryId: delivery.id, error: String(error) }))
              .finally(() => {
                inFlight.delete(job);
                wake?.();
              });
            inFlight.add(job);
          }
        } catch (error) {
          log('error', 'claiming webhook deliveries failed', { workerId, error: String(error) });
        }
      }
      if (claimed === 0 || concurrency - inFlight.size < refill) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, options.idleMs ?? 500).unref();
        });
        wake = undefined;
      }
    }
  })();

  return {
    workerId,
    async stop(graceMs = 12_000) {
      stopping = true;
      clearInterval(alive);
      wake?.();
      await loop;
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
      await releaseClaims(db, workerId);
    },
  };
}
