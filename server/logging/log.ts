import pino from 'pino';
import { env } from '../../config/env';
import { safeError } from './safe-error';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Where log lines go; tests swap it to capture every line. */
let sink: (line: string) => void = (line) => process.stdout.write(`${line}\n`);

let levelOverride: Level | 'silent' | undefined;

/** Tests that read every line turn the level up regardless of LOG_LEVEL. */
export function setLogLevel(level: Level | 'silent' | undefined): void {
  levelOverride = level;
}

export function setLogSink(next: (line: string) => void): () => void {
  const previous = sink;
  sink = next;
  return () => {
    sink = previous;
  };
}

/**
 * Field names whose values never reach a log line, at the top level or one level down: callers pass
 * facts, and these catch a mistake before it becomes a leaked secret (docs/security.md).
 */
const SECRET_FIELDS = [
  'password',
  'secret',
  'apiSecret',
  'token',
  'authorization',
  'cookie',
  'signature',
  'cardNumber',
  'accountNumber',
  'holderName',
  'payerName',
  'body',
  'params',
  'parameters',
  'headers',
  'totp',
  // The signer's (docs/wallet.md, "The signer"): a hot wallet key, whatever its form.
  'privateKey',
  'mnemonic',
  'seed',
  'encryptedKey',
];
const redactPaths = [...SECRET_FIELDS, ...SECRET_FIELDS.map((field) => `*.${field}`)];

const logger = pino(
  {
    level: 'debug',
    base: undefined,
    messageKey: 'message',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: redactPaths, censor: '[redacted]' },
  },
  // pino writes each line synchronously to this stream, so a swapped sink sees every line.
  { write: (line: string) => sink(line.endsWith('\n') ? line.slice(0, -1) : line) },
);

/** Errors anywhere in the fields are logged through safeError (no SQL parameters, ever). */
function withSafeErrors(fields: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(fields)) {
    if (value instanceof Error) {
      copy ??= { ...fields };
      copy[name] = safeError(value);
    }
  }
  return copy ?? fields;
}

/**
 * One JSON line per event (pino). Callers pass facts, never request bodies, headers, secrets,
 * tokens or card data (docs/security.md); errors go in as Error objects so their database
 * parameters are dropped.
 */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < order[levelOverride ?? env().LOG_LEVEL]) return;
  logger[level](withSafeErrors(fields), message);
}
