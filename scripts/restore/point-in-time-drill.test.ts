import { describe, expect, it } from 'vitest';
import { pointInTimeDrill } from './point-in-time-drill';

describe('the point-in-time drill (WAL archive, base backup, replay to a moment)', () => {
  it('restores exactly what was there at the chosen moment: the same transfers and balances, nothing made later', async () => {
    const result = await pointInTimeDrill();
    expect(result.restored).toEqual(result.atTarget);
    expect(result.atTarget.transfers).toBe(5);
    expect(result.laterMerchantPresent).toBe(false);
    expect(result.invariantsOk).toBe(true);
    expect(result.pendingMigrations).toBe(0);
    expect(result.archivedSegments).toBeGreaterThan(0);
    expect(result.ok).toBe(true);
  }, 180_000);
});
