import { describe, expect, it } from 'vitest';
import { signal } from '../../tests/signal';
import { isDomainError } from '../errors';
import { proofImageSlots } from './prepare-images';
import { WorkSlots } from './work-slots';

/** A job that runs until the test lets it finish. */
function heldJob() {
  const { fired: done, fire: finish } = signal();
  return { work: () => done, finish };
}

describe('WorkSlots (bounded concurrency with a bounded queue)', () => {
  it('runs at most `concurrency` jobs at once, queues up to `maxWaiting`, refuses the next with SERVER_BUSY, and hands slots on in order', async () => {
    const slots = new WorkSlots(2, 1, 'busy');
    const jobs = [heldJob(), heldJob(), heldJob()];
    const started: number[] = [];
    const runs = jobs.map((job, i) =>
      slots.run(async () => {
        started.push(i);
        await job.work();
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(slots.load).toEqual({ running: 2, waiting: 1 });

    const refused = await slots.run(async () => 'never').catch((error: unknown) => error);
    expect(isDomainError(refused, 'SERVER_BUSY')).toBe(true);

    jobs[0]!.finish();
    await runs[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    expect(slots.load).toEqual({ running: 2, waiting: 0 });

    jobs[1]!.finish();
    jobs[2]!.finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('a failing job gives its slot back', async () => {
    const slots = new WorkSlots(1, 0, 'busy');
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'next')).toBe('next');
  });

  it('proof images: 2 uploads decode at once and 8 may wait (docs/security.md)', () => {
    expect([proofImageSlots.concurrency, proofImageSlots.maxWaiting]).toEqual([2, 8]);
  });
});
