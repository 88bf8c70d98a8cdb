import { createHash, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportDeliveries } from '../../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../../tests/db/test-database';
import { merchantWithBalance } from '../../../tests/fixtures/parties';
import { demoKeyring } from '../../crypto/keyring';
import { canonicalJson } from '../canonical-json';
import { publishedReportKeys } from '../report-signing';
import type { SignedSettlementReport } from '../settlement-report.schema';
import { runReportDeliveries } from './run-report-deliveries';

const ring = demoKeyring();
const MINUTE = 60_000;
let database: TestDatabase;
let folder: string;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await mkdtemp(path.join(os.tmpdir(), 'corridor-deliveries-'));
});
afterAll(async () => {
  await database.close();
  await rm(folder, { recursive: true, force: true });
});

const today = () => new Date().toISOString().slice(0, 10);
/** 20 minutes into tomorrow (UTC): today is then a closed day, past the planning lag. */
const tomorrowAt = (minutes: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + 86_400_000 + minutes * MINUTE);

function verifies(bytes: Uint8Array | string, signature: { keyId: string; value: string }): boolean {
  const key = publishedReportKeys(ring).keys.find((candidate) => candidate.keyId === signature.keyId)!;
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(key.publicKey, 'base64').toString('base64url') }, format: 'jwk' });
  return verify(null, createHash('sha256').update(bytes).digest(), publicKey, Buffer.from(signature.value, 'base64'));
}

/** A receiver of report POSTs that answers 500 to the first `failFirst` and checks each signature as a webhook receiver would. */
async function receiver(secret: string, failFirst: number) {
  const received: { id: string; file: string; body: Buffer; signed: boolean; sha256Header: string }[] = [];
  let answered = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const id = String(request.headers['webhook-id']);
      const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
        .update(`${id}.${request.headers['webhook-timestamp']}.`)
        .update(body)
        .digest('base64');
      answered += 1;
      if (answered <= failFirst) return response.writeHead(500).end();
      received.push({ id, file: String(request.headers['corridor-report-file']), body, signed: request.headers['webhook-signature'] === `v1,${expected}`, sha256Header: String(request.headers['corridor-report-sha256']) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/reports`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('scheduled report delivery', () => {
  it("delivers a closed day's journal and each moved merchant's signed reports to a directory once, verifying like downloads", async () => {
    const merchant = await merchantWithBalance(database.db, '125.500000');
    const dir = path.join(folder, 'dir');
    // Before the day has closed (and its lag passed), nothing is planned for it (earlier days are).
    await runReportDeliveries(database.db, { ring, targets: [{ kind: 'dir', dir }], now: tomorrowAt(5) });
    expect(await database.db.select().from(reportDeliveries).where(eq(reportDeliveries.businessDate, today()))).toEqual([]);

    const counts = await runReportDeliveries(database.db, { ring, targets: [{ kind: 'dir', dir }], now: tomorrowAt(20) });
    expect(counts.failed + counts.retrying).toBe(0);
    expect(counts.delivered).toBe(counts.planned);
    const files = await readdir(path.join(dir, today()));
    expect(files).toEqual(expect.arrayContaining([`journal-${today()}.csv`, `settlement-${today()}-${merchant.merchantId}.json`, `settlement-${today()}-${merchant.merchantId}.csv`]));
    expect(files.some((name) => name.includes('.partial-'))).toBe(false);

    const json = JSON.parse(await readFile(path.join(dir, today(), `settlement-${today()}-${merchant.merchantId}.json`), 'utf8')) as SignedSettlementReport;
    expect(json.report.closingBalance).toBe('125.500000');
    expect(verifies(canonicalJson(json.report), json.signature)).toBe(true);
    expect(verifies(canonicalJson({ ...json.report, closingBalance: '999.000000' }), json.signature)).toBe(false);

    const csv = await readFile(path.join(dir, today(), `settlement-${today()}-${merchant.merchantId}.csv`), 'utf8');
    const cut = csv.lastIndexOf('#signature,');
    const [, , keyId, value] = csv.slice(cut).trim().split(',');
    expect(verifies(csv.slice(0, cut), { keyId: keyId!, value: value! })).toBe(true);

    const journal = (await readFile(path.join(dir, today(), `journal-${today()}.csv`), 'utf8')).trim().split('\r\n').slice(1);
    const total = journal.map((line) => BigInt(line.split(',').at(-1)!.replace('.', ''))).reduce((sum, amount) => sum + amount, 0n);
    expect(total).toBe(0n);

    // Once: a later pass plans and sends nothing again.
    expect(await runReportDeliveries(database.db, { ring, targets: [{ kind: 'dir', dir }], now: tomorrowAt(40) })).toEqual({ planned: 0, delivered: 0, retrying: 0, failed: 0 });
  });

  it('POSTs each file signed like a webhook; a refused POST is retried after its backoff with the same id', async () => {
    const merchant = await merchantWithBalance(database.db, '10.000000');
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const endpoint = await receiver(secret, 1);
    try {
      const target = { kind: 'https' as const, url: endpoint.url, secret };
      const first = await runReportDeliveries(database.db, { ring, targets: [target], now: tomorrowAt(20) });
      expect(first.retrying).toBe(1);
      const [refused] = await database.db.select().from(reportDeliveries).where(eq(reportDeliveries.lastError, 'refused'));
      expect(refused).toMatchObject({ status: 'pending', attempts: 1, target: 'https' });
      // Not before its backoff (1 minute)…
      expect((await runReportDeliveries(database.db, { ring, targets: [target], now: tomorrowAt(20) })).delivered).toBe(0);
      // …then delivered, with the id it was first sent under.
      expect((await runReportDeliveries(database.db, { ring, targets: [target], now: tomorrowAt(22) })).delivered).toBe(1);
      expect(endpoint.received.map((item) => item.id)).toContain(refused!.id);
      expect(endpoint.received.every((item) => item.signed)).toBe(true);
      expect(endpoint.received.every((item) => createHash('sha256').update(item.body).digest('hex') === item.sha256Header)).toBe(true);
      expect(endpoint.received.map((item) => item.file)).toEqual(expect.arrayContaining([`settlement-${today()}-${merchant.merchantId}.json`, `journal-${today()}.csv`]));
      const rows = await database.db.select().from(reportDeliveries).where(eq(reportDeliveries.target, 'https'));
      expect(rows.every((row) => row.status === 'delivered')).toBe(true);
    } finally {
      await endpoint.close();
    }
  });

  it('a directory that cannot be written is retried with a fixed reason, never a path', async () => {
    await database.db.delete(reportDeliveries);
    const blocked = path.join(folder, 'a-file');
    await writeFile(blocked, 'not a directory');
    const counts = await runReportDeliveries(database.db, { ring, targets: [{ kind: 'dir', dir: blocked }], now: tomorrowAt(20) });
    expect(counts.delivered).toBe(0);
    expect(counts.retrying).toBeGreaterThan(0);
    const rows = await database.db.select().from(reportDeliveries);
    expect(rows.map((row) => [row.status, row.lastError, row.attempts])).toEqual(rows.map(() => ['pending', 'write_failed', 1]));
  });
});
