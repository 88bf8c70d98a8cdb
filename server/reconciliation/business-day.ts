import { DomainError } from '../errors';

/** A business day: [00:00, 24:00) UTC. */
export interface BusinessDay {
  date: string;
  start: Date;
  end: Date;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day named `YYYY-MM-DD`; a malformed or unreal date is VALIDATION_FAILED. */
export function businessDay(date: string): BusinessDay {
  const start = new Date(`${date}T00:00:00.000Z`);
  if (!DATE.test(date) || Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== date) {
    throw new DomainError('VALIDATION_FAILED', 'The date must be a real day written YYYY-MM-DD.', { details: [{ path: 'date', message: 'must be YYYY-MM-DD' }] });
  }
  return { date, start, end: new Date(start.getTime() + 86_400_000) };
}

/** The UTC day before `now`'s: what the daily run reconciles. */
export function yesterday(now: Date): string {
  return new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
}
