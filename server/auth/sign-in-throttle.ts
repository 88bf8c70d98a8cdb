import { createHash, randomUUID } from 'node:crypto';
import { and, eq, like, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { signInThrottles, type SignInThrottleScope } from '../../db/schema';
import { DomainError } from '../errors';

/**
 * Sign-in throttling that an attacker cannot turn against the real user (docs/security.md):
 *
 * - per (account, address): 5 failures are free, then each further attempt waits 1 s, 2 s, 4 s ...
 *   up to 15 minutes. Only that address is slowed down for that account, so the owner signing in
 *   from their own address is never held back by someone guessing from elsewhere;
 * - per address, across accounts: 20 failures are free, then the same back-off (password spraying);
 * - per account, across addresses: past 100 failures the account is under attack; every attempt on
 *   it then waits one second before the password is checked, and an address that has failed on it
 *   even once backs off from its first failure. A right password from an address without failures
 *   is slowed, never refused.
 *
 * Counts live in the database (sign_in_throttles) so that every process sees them, and are keyed
 * by a hash of the email whether or not the account exists: an unknown email is counted, held back
 * and answered exactly like a real one. A count is forgotten after an hour without failures.
 *
 * An attempt is counted before its password is checked (and uncounted if the password was right),
 * in one conditional upsert per scope, so concurrent guesses cannot all slip through on a count
 * read before any of them failed; the upsert also tells whether this attempt was let through.
 */
const PAIR_FREE_FAILURES = 5;
const ADDRESS_FREE_FAILURES = 20;
export const ACCOUNT_CEILING = 100;
const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 15 * 60_000;
const FORGET_AFTER_MS = 60 * 60_000;
export const UNDER_ATTACK_DELAY_MS = 1_000;
/** Never held back: the account scope only counts. */
const NEVER = 2_147_483_647;

/** How long to wait after `failures` counted failures when `free` of them are free. */
function backoffMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.min(failures - free, 30), BACKOFF_CAP_MS);
}

/** Emails are kept only as hashes; the normalised form, so case does not split a count. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

const pairKey = (email: string, ip: string) => `${emailKey(email)}|${ip}`;

interface Claimed {
  counted: boolean;
  retryAfterMs: number;
}

/**
 * Counts one attempt on one (scope, key) unless that key is still waiting out its back-off, in
 * which case nothing changes. Atomic per row: concurrent attempts queue on the row lock.
 */
async function claim(db: Executor, scope: SignInThrottleScope, key: string, free: number, now: Date): Promise<Claimed> {
  const attemptId = randomUUID();
  const t = signInThrottles;
  const at = now.toISOString();
  // The wait the row owes, in milliseconds, as SQL over its stored count (same rule as backoffMs).
  const owed = sql`(case when ${t.failures} >= ${free} then least(${BACKOFF_BASE_MS} * power(2, least(${t.failures} - ${free}, 30)), ${BACKOFF_CAP_MS}) else 0 end)`;
  const forgotten = sql`${t.lastFailureAt} <= ${at}::timestamptz - ${FORGET_AFTER_MS} * interval '1 millisecond'`;
  // Only a row that owes a wait holds an attempt back: concurrent attempts reach the row in any
  // order, so one stamped a millisecond before the last counted failure must still be counted.
  const waiting = sql`(${owed} > 0 and ${at}::timestamptz < ${t.lastFailureAt} + ${owed} * interval '1 millisecond')`;
  const [row] = await db
    .insert(t)
    .values({ scope, key, failures: 1, lastFailureAt: now, attemptId })
    .onConflictDoUpdate({
      target: [t.scope, t.key],
      set: {
        failures: sql`case when ${forgotten} then 1 when ${waiting} then ${t.failures} else ${t.failures} + 1 end`,
        lastFailureAt: sql`case when ${forgotten} then ${at}::timestamptz when ${waiting} then ${t.lastFailureAt} else greatest(${t.lastFailureAt}, ${at}::timestamptz) end`,
        attemptId: sql`case when not (${forgotten}) and ${waiting} then ${t.attemptId} else ${attemptId}::uuid end`,
      },
    })
    .returning({ failures: t.failures, lastFailureAt: t.lastFailureAt, attemptId: t.attemptId });
  if (!row) throw new Error('sign-in throttle upsert returned no row');
  if (row.attemptId === attemptId) return { counted: true, retryAfterMs: 0 };
  return { counted: false, retryAfterMs: row.lastFailureAt.getTime() + backoffMs(row.failures, free) - now.getTime() };
}

/** Takes back one counted attempt (its password was right). */
async function uncount(db: Executor, scope: SignInThrottleScope, key: string): Promise<void> {
  await db
    .update(signInThrottles)
    .set({ failures: sql`greatest(${signInThrottles.failures} - 1, 0)` })
    .where(and(eq(signInThrottles.scope, scope), eq(signInThrottles.key, key)));
}

function throttled(retryAfterMs: number): DomainError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return new DomainError('SIGN_IN_THROTTLED', `Too many sign-in attempts. Wait ${wait} and try again.`, {
    meta: { retryAfterSeconds: String(seconds) },
  });
}

export interface SignInAttempt {
  /** The password and any code were right: the address's slate for this account is wiped. */
  succeeded(): Promise<void>;
  /** The password was right but a code is still to come: the attempt is not held against anyone. */
  uncounted(): Promise<void>;
}

interface BeginSignInAttemptOptions {
  input: { email: string; ip: string };
  now: Date;
  wait?: (ms: number) => Promise<void>;
}

/**
 * Counts a sign-in attempt for (email, address) before its password is checked, or refuses it
 * with SIGN_IN_THROTTLED (429, meta.retryAfterSeconds) without checking anything. A failed attempt
 * needs nothing more: it was counted here.
 */
export async function beginSignInAttempt(
  db: Db,
  { input, now, wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)) }: BeginSignInAttemptOptions,
): Promise<SignInAttempt> {
  await sweepForgottenThrottles(db, now);
  const account = emailKey(input.email);
  const pair = pairKey(input.email, input.ip);

  const [accountRow] = await db
    .select({ failures: signInThrottles.failures, lastFailureAt: signInThrottles.lastFailureAt })
    .from(signInThrottles)
    .where(and(eq(signInThrottles.scope, 'account'), eq(signInThrottles.key, account)));
  const underAttack = Boolean(accountRow && accountRow.failures >= ACCOUNT_CEILING && now.getTime() - accountRow.lastFailureAt.getTime() < FORGET_AFTER_MS);
  if (underAttack) await wait(UNDER_ATTACK_DELAY_MS);

  const pairClaim = await claim(db, 'pair', pair, underAttack ? 1 : PAIR_FREE_FAILURES, now);
  if (!pairClaim.counted) throw throttled(pairClaim.retryAfterMs);
  const addressClaim = await claim(db, 'address', input.ip, ADDRESS_FREE_FAILURES, now);
  if (!addressClaim.counted) {
    await uncount(db, 'pair', pair);
    throw throttled(addressClaim.retryAfterMs);
  }
  await claim(db, 'account', account, NEVER, now);

  return {
    async succeeded() {
      await db.delete(signInThrottles).where(and(eq(signInThrottles.scope, 'pair'), eq(signInThrottles.key, pair)));
      await uncount(db, 'address', input.ip);
      await uncount(db, 'account', account);
    },
    async uncounted() {
      await uncount(db, 'pair', pair);
      await uncount(db, 'address', input.ip);
      await uncount(db, 'account', account);
    },
  };
}

/** After a password reset the account starts with a clean slate, from every address. */
export async function clearAccountThrottles(db: Executor, email: string): Promise<void> {
  const account = emailKey(email);
  await db
    .delete(signInThrottles)
    .where(
      or(
        and(eq(signInThrottles.scope, 'account'), eq(signInThrottles.key, account)),
        and(eq(signInThrottles.scope, 'pair'), like(signInThrottles.key, `${account}|%`)),
      ),
    );
}

// Rows of attempts long past are deleted now and then, so spraying random emails cannot grow the
// table without bound. At most once a minute per process.
const SWEEP_EVERY_MS = 60_000;
let lastSweep = 0;
async function sweepForgottenThrottles(db: Db, now: Date): Promise<void> {
  if (Math.abs(now.getTime() - lastSweep) < SWEEP_EVERY_MS) return;
  lastSweep = now.getTime();
  await db.delete(signInThrottles).where(lt(signInThrottles.lastFailureAt, new Date(now.getTime() - FORGET_AFTER_MS)));
}
