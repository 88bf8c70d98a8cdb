import { createServer, connect as connectTcp, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can cut: every open connection reset and new ones
 * refused, as when the primary's machine dies, then let through again, as when a standby has
 * taken over at the same address.
 */
export interface CuttableProxy {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function cuttableProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  let open = true;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (!open) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connectTcp(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    port: address.port,
    cut() {
      open = false;
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
