import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { webhookSignatureOfChunks } from '../../webhooks/sign-webhook';
import { reportContentType, reportFileName, type ReportFile } from './report-file';
import type { ReportTarget } from './report-target';

/** What the operators' records say when a delivery fails: fixed words, never a path, URL or reply. */
export type DeliveryFailure = 'generate_failed' | 'write_failed' | 'unreachable' | 'refused';

export class ReportDeliveryError extends Error {
  constructor(
    readonly reason: DeliveryFailure,
    options?: ErrorOptions,
  ) {
    super(`report delivery failed: ${reason}`, options);
    this.name = 'ReportDeliveryError';
  }
}

export interface DeliveredFile {
  sha256: string;
  bytes: number;
}

const POST_TIMEOUT_MS = 120_000;

/**
 * Delivers one file to one place without ever holding it whole: to a directory as
 * `<dir>/<date>/<name>` (written beside under a temporary name and renamed, so a reader never sees
 * half a file), or to an HTTPS endpoint as one POST signed like a webhook (`webhook-id` is the
 * delivery's id, stable across retries), staged in a temporary file first because the signature
 * covers the whole body. Resolves with the file's SHA-256 and size.
 */
export async function deliverReportFile(
  target: ReportTarget,
  file: ReportFile,
  bytes: () => Promise<ReadableStream<Uint8Array>>,
  delivery: { id: string; now: Date },
): Promise<DeliveredFile> {
  const name = reportFileName(file);
  if (target.kind === 'dir') return stage(bytes, path.join(target.dir, file.businessDate, name));
  const folder = await mkdtemp(path.join(os.tmpdir(), 'corridor-report-'));
  try {
    const staged = path.join(folder, name);
    const written = await stage(bytes, staged);
    await post(target, file, staged, written, delivery);
    return written;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function stage(bytes: () => Promise<ReadableStream<Uint8Array>>, destination: string): Promise<DeliveredFile> {
  let source: ReadableStream<Uint8Array>;
  try {
    source = await bytes();
  } catch (error) {
    throw new ReportDeliveryError('generate_failed', { cause: error });
  }
  const partial = `${destination}.partial-${randomUUID()}`;
  const hash = createHash('sha256');
  let size = 0;
  let fileFailed = false;
  try {
    await mkdir(path.dirname(destination), { recursive: true });
    const out = createWriteStream(partial, { flags: 'wx' });
    out.once('error', () => (fileFailed = true));
    await pipeline(
      Readable.fromWeb(source as WebReadableStream<Uint8Array>),
      async function* (chunks: AsyncIterable<Uint8Array>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      },
      out,
    );
    await rename(partial, destination);
  } catch (error) {
    // Nothing to remove when the folder itself could not be made.
    await rm(partial, { force: true }).catch(() => undefined);
    const errno = typeof (error as { code?: unknown }).code === 'string';
    throw new ReportDeliveryError(fileFailed || errno ? 'write_failed' : 'generate_failed', { cause: error });
  }
  return { sha256: hash.digest('hex'), bytes: size };
}

async function post(target: Extract<ReportTarget, { kind: 'https' }>, file: ReportFile, staged: string, written: DeliveredFile, delivery: { id: string; now: Date }): Promise<void> {
  const timestamp = Math.floor(delivery.now.getTime() / 1000);
  const signature = await webhookSignatureOfChunks(target.secret, delivery.id, timestamp, createReadStream(staged));
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': reportContentType(file),
        'user-agent': 'Corridor-Reports/1',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature,
        'corridor-report-file': reportFileName(file),
        'corridor-report-sha256': written.sha256,
      },
      body: Readable.toWeb(createReadStream(staged)) as ReadableStream<Uint8Array>,
      duplex: 'half',
      redirect: 'manual',
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    } as RequestInit);
  } catch (error) {
    throw new ReportDeliveryError('unreachable', { cause: error });
  }
  await response.body?.cancel();
  if (!response.ok) throw new ReportDeliveryError('refused');
}
