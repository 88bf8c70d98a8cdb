import type { ServerResponse } from 'node:http';

/** How long a refused connection keeps taking (and dropping) what the client still sends. */
const LINGER_MS = 2_000;

/**
 * After an answer with `Connection: close` to a request whose body is left unread, Node closes
 * the socket as soon as the answer is out; bytes the client is still sending then make the kernel
 * reset the connection, and a client busy uploading may lose the answer with it. As web servers'
 * "lingering close", the socket instead half-closes (the client reads the answer and our FIN) and
 * stays open for LINGER_MS, then closes. It reads nothing meanwhile: Node would otherwise read
 * and discard the rest of the body at loopback speed, and 64 refused 16 MB uploads made that
 * tens of MB of garbage at once. Unread, the body waits in the kernel's buffers and the client's
 * writes stall on TCP's flow control until it sees the answer and hangs up.
 */
export function lingerAfterAnswer(res: ServerResponse, ms = LINGER_MS): void {
  const socket = res.socket;
  if (!socket) return;
  res.once('finish', () => {
    // Node's destroySoon() ends the socket and destroys it once the FIN is written: keep it open to read instead.
    socket.removeListener('finish', socket.destroy);
    // Node dumps an answered request's body (resumes it) before this listener runs: stop that.
    res.req.pause();
    const timer = setTimeout(() => socket.destroy(), ms);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}
