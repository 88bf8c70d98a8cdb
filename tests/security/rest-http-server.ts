import { createServer, type Server } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { restRequestListener } from '../../app/api/v1/_rest/node-listener';
import { applyConnectionPolicies, SERVER_TIMEOUTS, type ServerTimeouts } from '../../scripts/connection-policies';
import { stampClientAddress, type TrustedProxies } from '../../server/http/client-address';

export interface RestHttpServer {
  port: number;
  /** Bytes the server has read from all its connections so far, closed ones included. */
  bytesRead(): number;
  close(): Promise<void>;
}

/**
 * The REST adapter on a real Node HTTP server on a free port, put together from the same pieces
 * as scripts/serve.ts (the client address stamped from the socket, its listener and connection
 * policies), without Next. `trusted` plays TRUST_PROXY (none by default).
 */
export async function startRestHttpServer(timeouts: Partial<ServerTimeouts> = {}, trusted: TrustedProxies = []): Promise<RestHttpServer> {
  const listener = restRequestListener();
  const server: Server = createServer((req, res) => {
    stampClientAddress(req, trusted);
    void listener(req, res);
  });
  applyConnectionPolicies(server, { ...SERVER_TIMEOUTS, ...timeouts });
  const sockets: Socket[] = [];
  server.on('connection', (socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    bytesRead: () => sockets.reduce((sum, socket) => sum + socket.bytesRead, 0),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface RawExchange {
  /** Everything the server sent, as text. */
  text: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection (FIN or reset) before the client gave up waiting. */
  closedByServer: boolean;
  /** Bytes of the body the client managed to hand to the socket. */
  bodyBytesSent: number;
}

/**
 * Sends `head` and then `body` (written in 64 KiB pieces, as fast as the socket takes them) on a
 * raw TCP connection, and waits until the server closes it or `waitMs` passes. The client keeps
 * writing while reading, as real clients do, so a server that answers early is seen to.
 */
export function rawExchange(port: number, head: string, body: Uint8Array = new Uint8Array(0), waitMs = 10_000): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let sent = 0;
    let closedByServer = false;
    let writing = true;
    const finish = () => {
      clearTimeout(timer);
      writing = false;
      socket.destroy();
      resolve(parse(Buffer.concat(received).toString('latin1'), closedByServer, sent));
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('end', () => {
      closedByServer = true;
      finish();
    });
    socket.on('error', () => {
      closedByServer = true;
      finish();
    });
    socket.on('close', () => {
      closedByServer = true;
      finish();
    });
    socket.write(head);
    const pump = () => {
      while (writing && sent < body.length) {
        const piece = body.subarray(sent, sent + 64 * 1024);
        sent += piece.length;
        if (!socket.write(piece)) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

function parse(text: string, closedByServer: boolean, bodyBytesSent: number): RawExchange {
  const end = text.indexOf('\r\n\r\n');
  const headLines = (end === -1 ? text : text.slice(0, end)).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(headLines[0] ?? '')?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of headLines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { text, status, headers, body: end === -1 ? '' : text.slice(end + 4), closedByServer, bodyBytesSent };
}

/** The error code of a JSON error body, or what was there instead. */
export function errorCodeIn(exchange: RawExchange): string {
  try {
    return (JSON.parse(exchange.body) as { error: { code: string } }).error.code;
  } catch {
    return `(no JSON error: ${JSON.stringify(exchange.body.slice(0, 80))})`;
  }
}
