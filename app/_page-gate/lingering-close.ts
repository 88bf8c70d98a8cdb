import type { ServerResponse } from 'node:http';

/** How long a refused connection keeps taking (and dropping) what the client still sends. */
export const LINGER_MS = 2_000;

/**
 * After an answer with `Connection: close` to a request whose body is left unread, Node closes
 * the socket as soon as the answer is out; bytes the client is still sending then make the kernel
 * reset the connection, and a client busy uploading may lose the answer with it. As web servers'
 * "lingering close", the socket instead half-closes and drops what still arrives for LINGER_MS
 * (nothing is kept: Node discards the body of an answered request), then closes.
 */
export function lingerAfterAnswer(res: ServerResponse, ms = LINGER_MS): void {
  const socket = res.socket;
  if (!socket) return;
  res.once('finish', () => {
    // Node's destroySoon() ends the socket and destroys it once the FIN is written: keep it open to read instead.
    socket.removeListener('finish', socket.destroy);
    const timer = setTimeout(() => socket.destroy(), ms);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}
