import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { DomainError } from '../../../../server/errors';
import { parseInput } from '../../../../server/validation/parse-input';

/** docs/api.md: bodies over 64 KiB are refused with 413. */
export const MAX_BODY_BYTES = 64 * 1024;

export interface ReadBody {
  bytes: Uint8Array;
  /** Lowercase hex SHA-256 of the bytes, computed as they arrived (the signature covers it). */
  sha256: string;
  /** A body sent with GET or HEAD, which is never read (it has no meaning there). */
  ignored: boolean;
}

/** Whether the request says it carries a body: a Content-Length above zero, or chunked framing. */
export function announcesBody(request: Request): boolean {
  return Number(request.headers.get('content-length') ?? '0') > 0 || request.headers.has('transfer-encoding');
}

/** 413 up front when the declared length is over the limit, before anything is read. */
export function refuseDeclaredOversize(request: Request, limit = MAX_BODY_BYTES): void {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw tooLarge(limit);
}

/**
 * Reads the raw body into memory and its hash, stopping as soon as it passes the limit (no
 * unbounded buffering). Past the limit the rest is left unread rather than cancelled: cancelling
 * would tear the connection down before the 413 is written, and the adapter answers with
 * `Connection: close` instead (docs/security.md).
 */
export async function readBody(request: Request, limit = MAX_BODY_BYTES): Promise<ReadBody> {
  refuseDeclaredOversize(request, limit);
  const hash = createHash('sha256');
  // A GET has no body; not touching `request.body` also spares the Node server building a full
  // Web Request for it (its lightweight request object is enough for headers and the URL).
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) {
    return { bytes: new Uint8Array(0), sha256: hash.digest('hex'), ignored: announcesBody(request) };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      throw tooLarge(limit);
    }
    hash.update(value);
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, sha256: hash.digest('hex'), ignored: false };
}

function tooLarge(limit: number): DomainError {
  return new DomainError('PAYLOAD_TOO_LARGE', `The body is larger than ${Math.floor(limit / 1024)} KiB.`);
}

/**
 * A JSON body's text and value: 415 without application/json, INVALID_JSON when it is not UTF-8
 * JSON. Its schema is checked after, by the route's validator (route-definition.ts).
 */
export function jsonOf(request: Request, body: Uint8Array): { text: string; value: unknown } {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as Content-Type: application/json.');
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    return { text, value: JSON.parse(text) as unknown };
  } catch {
    throw new DomainError('INVALID_JSON', 'The body is not valid JSON.');
  }
}

/** Query parameters checked against their schema (unknown parameters are refused). */
export function parseQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  return parseInput(schema, Object.fromEntries(url.searchParams));
}
