/**
 * Failed sign-ins per client address, in this process's memory: 5 failures within 15 minutes lock
 * the address for 15 minutes. The per-account lock lives in the database (users.locked_until), so
 * it holds across processes; the per-address one slows down spraying many accounts from one place.
 */
export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;

const failures = new Map<string, { count: number; firstAt: number; lockedUntil: number }>();

export function addressLockedUntil(ip: string, now: number): number | null {
  const entry = failures.get(ip);
  return entry && entry.lockedUntil > now ? entry.lockedUntil : null;
}

export function recordAddressFailure(ip: string, now: number): void {
  const entry = failures.get(ip);
  if (!entry || now - entry.firstAt > LOCK_MS) {
    failures.set(ip, { count: 1, firstAt: now, lockedUntil: 0 });
    return;
  }
  entry.count += 1;
  if (entry.count >= MAX_FAILURES) entry.lockedUntil = now + LOCK_MS;
}

export function clearAddressFailures(ip: string): void {
  failures.delete(ip);
}

export function resetSignInThrottle(): void {
  failures.clear();
}
