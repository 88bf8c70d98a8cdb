import type { IncomingMessage } from 'node:http';

/**
 * Caps a body sent without Content-Length (chunked) as it arrives, without reading it: Node's HTTP
 * parser hands each piece of the body to the request's `push`, whoever reads the request later
 * (Next). Past `limit` the piece is dropped and `onOverflow` runs once, to answer 413 and close the
 * connection. A declared length needs no cap: the parser never delivers more than it declares,
 * and the gate has compared it with the limit already.
 */
export function capStreamedBody(req: IncomingMessage, limit: number, onOverflow: () => void): void {
  const push = req.push.bind(req);
  let received = 0;
  let overflowed = false;
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (chunk === null || chunk === undefined) return push(chunk, encoding);
    if (overflowed) return false;
    received += (chunk as { length: number }).length;
    if (received > limit) {
      overflowed = true;
      onOverflow();
      return false;
    }
    return push(chunk, encoding);
  };
}
