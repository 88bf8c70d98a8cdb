import { env } from '../env';

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
 * One JSON line per event. Callers pass facts, never request bodies, headers, secrets, tokens or
 * card numbers (decisions.md section 8): nothing here can scrub what it is given.
 */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < order[levelOverride ?? env().LOG_LEVEL]) return;
  sink(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }));
}
