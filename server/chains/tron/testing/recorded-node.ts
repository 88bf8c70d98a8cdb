import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a TRON full node's HTTP API in tests: it answers each POST whose JSON body equals
 * a recorded request with the recorded response, and anything else with HTTP 404, so a reader that
 * asks for a block the test did not expect fails loudly. It listens on a free port of 127.0.0.1.
 * The recordings are TRON's documented shapes (recorded-node.json says which parts are the
 * documentation's own examples); a test may add or override answers.
 */
interface RecordedAnswer {
  request: unknown;
  response: unknown;
  /** HTTP status; 200 unless said. */
  status?: number;
}

export type Recording = Record<string, RecordedAnswer[]>;

export interface RecordedTronNode {
  url: string;
  /** Every request received, in order: its path and parsed body. */
  requests: Array<{ endpoint: string; body: unknown }>;
  /** Answers `request` on `endpoint` with `response` from now on, before any earlier answer. */
  answer(endpoint: string, request: unknown, response: unknown, status?: number): void;
  close(): Promise<void>;
}

function loadRecording(file: URL): Recording {
  return (JSON.parse(readFileSync(file, 'utf8')) as { routes: Recording }).routes;
}

/** The recording of the reader's tests (server/chains/tron/testing/recorded-node.json). */
export const readerRecording = () => loadRecording(new URL('./recorded-node.json', import.meta.url));

/** JSON with object keys sorted, so two bodies compare equal whatever their key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startRecordedTronNode(recording: Recording): Promise<RecordedTronNode> {
  const answers = new Map<string, Map<string, RecordedAnswer>>();
  const answer = (endpoint: string, request: unknown, response: unknown, status?: number) => {
    let byBody = answers.get(endpoint);
    if (!byBody) answers.set(endpoint, (byBody = new Map()));
    byBody.set(canonicalJson(request), { request, response, status });
  };
  for (const [endpoint, recorded] of Object.entries(recording)) {
    for (const { request, response, status } of recorded) answer(endpoint, request, response, status);
  }

  const requests: RecordedTronNode['requests'] = [];
  const reply = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    void (async () => {
      const endpoint = new URL(request.url ?? '/', 'http://node').pathname;
      const text = await readBody(request);
      let body: unknown;
      try {
        body = text === '' ? {} : JSON.parse(text);
      } catch {
        requests.push({ endpoint, body: text });
        return reply(response, 400, { Error: 'class org.tron.json.JSONException : not JSON' });
      }
      requests.push({ endpoint, body });
      if (request.method !== 'POST') return reply(response, 405, { unrecorded: 'only POST is recorded' });
      const recorded = answers.get(endpoint)?.get(canonicalJson(body));
      if (!recorded) return reply(response, 404, { unrecorded: { endpoint, body } });
      reply(response, recorded.status ?? 200, recorded.response);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
