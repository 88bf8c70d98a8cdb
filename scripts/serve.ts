import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import next from 'next';
import { handleRestRequest } from '../app/api/v1/_rest/handler';
import { stampClientAddress } from '../server/http/client-address';

export interface RunningServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * The production server (decisions.md section 9): Next's documented custom-server API, with
 * /api/v1/* handed straight to the REST adapter (a Web-standard function) so the merchant API
 * skips Next's per-request work, and every other path given to Next.
 */
export async function startHttpServer(options: { port: number; host: string; dir: string }): Promise<RunningServer> {
  const app = next({ dev: false, dir: options.dir, hostname: options.host, port: options.port });
  const handleNext = app.getRequestHandler();
  await app.prepare();

  // overrideGlobalObjects: false keeps the global Request/Response that Next relies on.
  const handleApi = getRequestListener(handleRestRequest, { overrideGlobalObjects: false });

  const server = createServer((req, res) => {
    // Once per request, before either handler: the client address from the socket and TRUST_PROXY.
    stampClientAddress(req);
    const url = req.url ?? '/';
    if (url === '/api/v1' || url.startsWith('/api/v1/') || url.startsWith('/api/v1?')) {
      void handleApi(req, res);
      return;
    }
    void handleNext(req, res);
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  return {
    server,
    url: `http://${shownHost}:${options.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
