/** Minute of the day (0..1439) at `now` in the IANA time zone `timeZone`. */
function minuteOfDay(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/**
 * When quiet hours [from, to) that hold at `now` end, or null when they do not hold. A window may
 * wrap midnight (22:00 to 07:00). An alert due in quiet hours waits for their end; it is not dropped.
 */
export function quietUntil(now: Date, quiet: { from: number | null; to: number | null; timeZone: string }): Date | null {
  if (quiet.from === null || quiet.to === null || quiet.from === quiet.to) return null;
  const minute = minuteOfDay(now, quiet.timeZone);
  const inside = quiet.from < quiet.to ? minute >= quiet.from && minute < quiet.to : minute >= quiet.from || minute < quiet.to;
  if (!inside) return null;
  const left = (quiet.to - minute + 1440) % 1440;
  // To the start of the minute quiet hours end in: seconds already past in this minute come off.
  return new Date(now.getTime() + left * 60_000 - (now.getTime() % 60_000));
}
