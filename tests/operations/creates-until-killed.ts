import { randomBytes } from 'node:crypto';
import { CorridorClient } from '../../clients/node/corridor-client';
import { createBatching, scrapeRuntime } from '../../scripts/bench/server-runtime';
import { spawnCorridor, type CorridorProcess } from './spawn-corridor';

/** The servers of these tests take API calls only: no timers, no webhooks racing the kill. */
const API_ONLY = { CORRIDOR_SCHEDULER: 'off', CORRIDOR_WEBHOOK_WORKER: 'off' };
/** Enough loops for batches of several creates, as under load. */
const LOOPS = 32;
/** Acknowledged creates before the kill: the batches are running by then. */
const ACKNOWLEDGED_BEFORE_KILL = 150;

/** One create sent: its Idempotency-Key and body, and its answer's status or a lost answer. */
export interface SentCreate<Body> {
  key: string;
  body: Body;
  status: number | 'network error';
}

export type SendCreate<Body> = (client: CorridorClient, body: Body, key: string) => Promise<{ status: number }>;

export interface KilledCreates<Body> {
  sent: SentCreate<Body>[];
  /** Creates and commits of the batches, read just before the kill. */
  batching: { creates: number; commits: number };
}

/**
 * The kill -9 tests of batched creates (payouts and pay-ins): a server takes creates from 32
 * loops, each with a fresh Idempotency-Key, until 150 are acknowledged, and is then killed -9 while
 * the other loops' creates are in its batches. Returns every create sent with what it got back.
 */
export async function sendCreatesUntilKilled<Body>(
  databaseUrl: string,
  merchant: { apiKey: string; apiSecret: string },
  flow: 'payout' | 'payin',
  send: SendCreate<Body>,
  nextBody: () => Body,
): Promise<KilledCreates<Body>> {
  const server = await spawnCorridor(databaseUrl, API_ONLY);
  const client = clientOf(server, merchant);
  const sent: SentCreate<Body>[] = [];
  let killed = false;
  let batching = { creates: 0, commits: 0 };
  const loop = async () => {
    while (!killed) {
      const request = { key: randomBytes(8).toString('hex'), body: nextBody() };
      try {
        sent.push({ ...request, status: (await send(client, request.body, request.key)).status });
      } catch {
        sent.push({ ...request, status: 'network error' });
      }
      if (!killed && sent.filter((entry) => entry.status === 201).length >= ACKNOWLEDGED_BEFORE_KILL) {
        killed = true;
        batching = createBatching(await scrapeRuntime(server.url), flow);
        server.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: LOOPS }, loop));
  await server.exited;
  return { sent, batching };
}

/**
 * The creates that lost their answer, sent again with the same keys to a new server process, as a
 * client that follows docs/api.md does: the statuses it answers.
 */
export async function resendToNewServer<Body>(
  databaseUrl: string,
  merchant: { apiKey: string; apiSecret: string },
  lost: SentCreate<Body>[],
  send: SendCreate<Body>,
): Promise<number[]> {
  const server = await spawnCorridor(databaseUrl, API_ONLY);
  try {
    const client = clientOf(server, merchant);
    const answers = await Promise.all(lost.map((entry) => send(client, entry.body, entry.key)));
    return answers.map((answer) => answer.status);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

function clientOf(server: CorridorProcess, merchant: { apiKey: string; apiSecret: string }): CorridorClient {
  return new CorridorClient({ baseUrl: server.url, apiKey: merchant.apiKey, apiSecret: merchant.apiSecret });
}
