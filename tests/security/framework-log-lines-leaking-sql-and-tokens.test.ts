/**
 * Attack: whoever reads the server's output (a log pipeline, a support bundle, a shared terminal)
 * collects what Next and React print for themselves, outside the redacting log: a console export
 * that failed mid-stream printed the failed statement with its parameters (`params: <the merchant
 * id>,<what the user searched for>,…`), and Next's body-limit warning printed the whole path of a
 * checkout, bearer token included ("Request body exceeded 16 MB for /pay/<token>").
 *
 * Rule: in the server process, console.error, warn, info, debug and trace go through the log
 * (server/logging/framework-console.ts, installed by scripts/run-corridor.ts before Next starts):
 * one JSON line each, errors through safeError, text with SQL parameters, quoted values, query
 * strings and tokens masked. The lines below are produced by Next's own code (its response pipe,
 * its route module's error report, its body cloning), fed a real failing export.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrdersResponse } from '../../app/merchant/export/export-orders-response';
import { routeFrameworkConsole } from '../../server/logging/framework-console';
import { setLogLevel, setLogSink } from '../../server/logging/log';
import { newCheckoutToken } from '../../server/payins/checkout-token';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { merchantWithOwner, teamMember, type TestMember } from '../fixtures/merchant-team';
import { merchantSession } from '../trpc/trpc-harness';

const nextRequire = createRequire(import.meta.url);
const { pipeToNodeResponse } = nextRequire('next/dist/server/pipe-readable') as {
  pipeToNodeResponse: (body: ReadableStream<Uint8Array>, res: ServerResponse) => Promise<void>;
};
const { getCloneableBody } = nextRequire('next/dist/server/body-streams') as {
  getCloneableBody: (readable: IncomingMessage, sizeLimit?: number) => { cloneBodyStream(): Readable; finalize(): Promise<void> };
};

/** What the merchant user typed into the export's search box: a statement parameter. */
const SEARCHED = 'ZQX-4242-ref';

let database: TestDatabase;
let finance: TestMember;
let server: Server;
let url: string;
const output: string[] = [];
const restore: (() => void)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const { owner } = await merchantWithOwner(database.db);
  finance = await teamMember(database.db, owner, 'finance');

  // Everything the process would print, whichever way it goes: the console as it was before the
  // server started (what main printed) and the log's sink (what the routed console writes).
  const capture = (...args: unknown[]) => output.push(args.map((arg) => (arg instanceof Error ? `${arg.stack} ${JSON.stringify({ ...arg, cause: String(arg.cause) })}` : String(arg))).join(' '));
  const methods = ['error', 'warn', 'info', 'debug', 'trace', 'log'] as const;
  const originals = methods.map((method) => [method, console[method]] as const);
  for (const method of methods) console[method] = capture;
  restore.push(() => {
    for (const [method, original] of originals) console[method] = original;
  });
  setLogLevel('debug');
  restore.push(setLogSink((line) => output.push(line)));
  restore.push(() => setLogLevel(undefined));
  // What scripts/run-corridor.ts does before Next is started.
  restore.push(routeFrameworkConsole());

  // A route served as Next serves it: the handler's Response piped by Next, its failure reported
  // as Next's route module does in production (console.error(err)).
  server = createServer((req, res) => {
    void (async () => {
      const request = new Request(`http://corridor.test${req.url}`);
      const response = await exportOrdersResponse(database.db, merchantSession(finance), request);
      res.statusCode = response.status;
      try {
        await pipeToNodeResponse(response.body!, res);
      } catch (error) {
        console.error(error);
        res.destroy();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const undo of restore.reverse()) undo();
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});

describe("a reader of the server's output collects what the framework prints outside the redacting log", () => {
  it("a console export failing mid-stream logs the failure, without the statement's parameters", async () => {
    // The export's statement fails once the CSV has started: a column it reads is gone.
    await database.db.execute(sql`alter table payout_orders rename column merchant_order_no to merchant_order_no_gone`);
    try {
      const answer = await fetch(`${url}/merchant/export?flow=payouts&search=${SEARCHED}`);
      await answer.text().catch(() => 'cut off');
      await waitFor(() => output.some((line) => /failed to pipe response/.test(line)));
    } finally {
      await database.db.execute(sql`alter table payout_orders rename column merchant_order_no_gone to merchant_order_no`);
    }
    const all = output.join('\n');
    expect(all).not.toContain(SEARCHED);
    expect(all).not.toContain(finance.merchantId);
    expect(all).not.toMatch(/params:\s*[^\s[]/);
    // The failure is there for an operator: a JSON line at level error, with the database's code.
    const failure = output.map(parsed).find((line) => line?.level === 'error' && JSON.stringify(line).includes('failed to pipe response'));
    expect(failure).toBeDefined();
    expect(JSON.stringify(failure)).toContain('42703');
  });

  it("Next's body-limit warning names the path, never the checkout token in it", async () => {
    const token = newCheckoutToken().token;
    const body = Readable.from([Buffer.alloc(2048, 'a')]) as unknown as IncomingMessage;
    body.url = `/pay/${token}?lang=en`;
    const cloneable = getCloneableBody(body, 1024);
    const clone = cloneable.cloneBodyStream();
    clone.resume();
    await cloneable.finalize().catch(() => undefined);
    await waitFor(() => output.some((line) => /Request body exceeded/.test(line)));
    const all = output.join('\n');
    expect(all).not.toContain(token);
    const warning = output.map(parsed).find((line) => line?.level === 'warn' && String(line.text).includes('Request body exceeded'));
    expect(warning?.text).toContain('/pay/[redacted]');
  });
});

function parsed(line: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not seen within ${timeoutMs} ms:\n${output.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
