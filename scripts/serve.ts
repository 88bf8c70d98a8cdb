import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import next from 'next';
import { handleOperationsRequest, OPERATIONS_PATHS } from '../app/_operations/operations-routes';
import { restRequestListener } from '../app/api/v1/_rest/node-listener';
import { isShuttingDown } from '../server/operations/shutdown-state';
import { applyConnectionPolicies, type ServerTimeouts } from './connection-policies';
import { stampClientAddress } from '../server/http/client-address';
import { setSecurityHeaders } from '../server/http/security-headers';
import { pageCompression } from '../server/http/compress-pages';
import { pageRequestGate } from '../app/_page-gate/page-request-gate';
import { answerMalformedPath, isMalformedPath } from '../app/_page-gate/malformed-path';
import { skipPackageSourceMaps } from './framework-source-maps';

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface RunningServer {
  server: Server;
  url: string;
  /** Stops accepting, lets requests in flight finish for up to `graceMs`, then drops what is left. */
  close(graceMs?: number): Promise<void>;
}

/**
 * The production server (docs/architecture.md): Next's documented custom-server API, with
 * /api/v1/* handed straight to the REST adapter (a Web-standard function) so the merchant API
 * skips Next's per-request work, and every other path given to Next.
 */
export async function startHttpServer(options: {
  port: number;
  host: string;
  dir: string;
  pages?: boolean;
  timeouts?: ServerTimeouts;
  /** In place of Next, where no build exists (tests of what reaches the pages). */
  pageHandler?: RequestHandler;
}): Promise<RunningServer> {
  // CORRIDOR_PAGES=off: an API node (REST, probes, metrics) with no pages, and no build to load.
  let handleNext: RequestHandler = options.pageHandler ?? noPages;
  if (options.pages !== false && !options.pageHandler) {
    // Next's runtimes load from here on: their source maps would stay in the heap for nothing.
    skipPackageSourceMaps();
    const app = next({ dev: false, dir: options.dir, hostname: options.host, port: options.port });
    handleNext = app.getRequestHandler();
    await app.prepare();
  }

  const handleApi = restRequestListener();
  // Page requests are checked from their headers before Next reads a byte of their bodies.
  const gate = pageRequestGate();
  // Brotli or gzip for everything Next answers (its own compression is off: next.config.mjs); a
  // build asset already compressed at Brotli's best is answered from memory.
  const compress = pageCompression();
  const handlePage: RequestHandler = async (req, res) => {
    if (isMalformedPath((req.url ?? '/').split('?')[0]!)) return answerMalformedPath(res, req);
    if (compress(req, res)) return;
    if (await gate.admit(req, res)) await handleNext(req, res);
  };

  const handleOperations = getRequestListener((request) => handleOperationsRequest(request), { overrideGlobalObjects: false });
  const inFlight = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    // Once per request, before either handler: the client address from the socket and TRUST_PROXY.
    stampClientAddress(req);
    setSecurityHeaders(res);
    const url = req.url ?? '/';
    if (OPERATIONS_PATHS.has(url.split('?')[0]!)) {
      void handleOperations(req, res);
      return;
    }
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    // While stopping, answers ask clients to open a new connection (to another node).
    if (isShuttingDown()) res.setHeader('connection', 'close');
    if (url === '/api/v1' || url.startsWith('/api/v1/') || url.startsWith('/api/v1?')) {
      void handleApi(req, res);
      return;
    }
    void handlePage(req, res);
  });
  // Slow clients are timed out and malformed requests answered in JSON (docs/security.md).
  applyConnectionPolicies(server, options.timeouts);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  return {
    server,
    url: `http://${shownHost}:${options.port}`,
    close: async (graceMs = 15_000) => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const deadline = Date.now() + graceMs;
      while (inFlight.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      server.closeAllConnections();
      await closed;
    },
  };
}

async function noPages(_req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.writeHead(404, { 'content-type': 'application/json', 'x-content-type-options': 'nosniff' });
  res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'This node serves the API only (CORRIDOR_PAGES=off).' } }));
}

/** METRICS_PORT: /metrics (and the probes) on a port of their own, for a scraper on a private network. */
export async function startMetricsServer(options: { port: number; host: string }): Promise<Server> {
  const handle = getRequestListener((request) => handleOperationsRequest(request, { metricsOpen: true }), { overrideGlobalObjects: false });
  const server = createServer((req, res) => {
    setSecurityHeaders(res);
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
