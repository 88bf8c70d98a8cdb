/**
 * The day an account's daily limits count in: the calendar day in China Standard Time (UTC+8, no
 * daylight saving), when the banks' own daily limits roll over (docs/routing.md, "Account limits").
 */
export function routingDay(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}
