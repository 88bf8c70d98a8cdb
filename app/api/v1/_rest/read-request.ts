import type { z } from 'zod';
import { DomainError } from '../../../../server/errors';
import { parseInput } from '../../../../server/validation/parse-input';

/** decisions.md section 2: bodies over 64 KiB are refused with 413. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Reads the raw body, stopping as soon as it passes the limit (no unbounded buffering). */
export async function readBody(request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw tooLarge(limit);
  // A GET has no body; not touching `request.body` also spares the Node server building a full
  // Web Request for it (its lightweight request object is enough for headers and the URL).
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function tooLarge(limit: number): DomainError {
  return new DomainError('PAYLOAD_TOO_LARGE', `The body is larger than ${Math.floor(limit / 1024)} KiB.`);
}

/** A JSON body checked against its schema: 415 without application/json, 400 for bad JSON or rules. */
export function parseJsonBody<S extends z.ZodType>(request: Request, body: Uint8Array, schema: S): z.output<S> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as Content-Type: application/json.');
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    throw new DomainError('INVALID_JSON', 'The body is not valid JSON.');
  }
  return parseInput(schema, value);
}

/** Query parameters checked against their schema (unknown parameters are refused). */
export function parseQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  return parseInput(schema, Object.fromEntries(url.searchParams));
}
