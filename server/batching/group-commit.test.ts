import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

describe('GroupCommit', () => {
  it('hands calls made together to one run and gives each caller its own outcome', async () => {
    const runs: number[][] = [];
    const batches = new GroupCommit<number, string>(
      async (items) => {
        runs.push(items);
        return items.map((item) => `done ${item}`);
      },
      { maxItems: 10, windowMs: 5 },
    );
    const outcomes = await Promise.all([1, 2, 3].map((item) => batches.submit(item)));
    expect(outcomes).toEqual(['done 1', 'done 2', 'done 3']);
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('sends a full batch at once and starts the next one with the following call', async () => {
    const runs: number[][] = [];
    const batches = new GroupCommit<number, number>(
      async (items) => {
        runs.push(items);
        return items;
      },
      { maxItems: 2, windowMs: 1000 },
    );
    const first = [batches.submit(1), batches.submit(2)];
    // The full batch went out without waiting for its window.
    expect(runs).toEqual([[1, 2]]);
    await Promise.all(first);
    const third = batches.submit(3);
    const fourth = batches.submit(4);
    await Promise.all([third, fourth]);
    expect(runs).toEqual([[1, 2], [3, 4]]);
  });

  it('fails every caller of a batch whose run failed, and only those', async () => {
    let calls = 0;
    const batches = new GroupCommit<number, number>(
      async (items) => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return items;
      },
      { maxItems: 2, windowMs: 1 },
    );
    const failed = await Promise.allSettled([batches.submit(1), batches.submit(2)]);
    expect(failed.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    await expect(batches.submit(3)).resolves.toBe(3);
  });

  it('rejects a caller the run left without an outcome', async () => {
    const batches = new GroupCommit<number, number>(async (items) => items.slice(1), { maxItems: 2, windowMs: 1 });
    const outcomes = await Promise.allSettled([batches.submit(1), batches.submit(2)]);
    expect(outcomes[0]).toMatchObject({ status: 'fulfilled', value: 2 });
    expect(outcomes[1]).toMatchObject({ status: 'rejected' });
  });

  it('holds a due batch while maxInFlight batches run, gathers the calls that arrive meanwhile, and sends them when one finishes', async () => {
    const runs: number[][] = [];
    const finishers: (() => void)[] = [];
    const batches = new GroupCommit<number, number>(
      async (items) => {
        runs.push(items);
        await new Promise<void>((resolve) => finishers.push(resolve));
        return items;
      },
      { maxItems: 3, windowMs: 1, maxInFlight: 1 },
    );
    const first = batches.submit(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toEqual([[1]]);
    // Due long since, and beyond one batch: they wait for the running one.
    const waiting = [2, 3, 4, 5].map((item) => batches.submit(item));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toEqual([[1]]);
    finishers.shift()!();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The first three as one batch; the fourth waits for it in turn.
    expect(runs).toEqual([[1], [2, 3, 4]]);
    finishers.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(runs).toEqual([[1], [2, 3, 4], [5]]);
    finishers.shift()!();
    await expect(Promise.all(waiting)).resolves.toEqual([2, 3, 4, 5]);
  });

  it('runs batches side by side up to maxInFlight', async () => {
    let running = 0;
    let most = 0;
    const batches = new GroupCommit<number, number>(
      async (items) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running -= 1;
        return items;
      },
      { maxItems: 1, windowMs: 1, maxInFlight: 2 },
    );
    await expect(Promise.all([1, 2, 3, 4, 5].map((item) => batches.submit(item)))).resolves.toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('with a window of 0, gathers the calls of one event-loop turn and sends them at its end', async () => {
    const runs: number[][] = [];
    const batches = new GroupCommit<number, number>(
      async (items) => {
        runs.push(items);
        return items;
      },
      { maxItems: 10, windowMs: 0 },
    );
    const first = [batches.submit(1), batches.submit(2)];
    await Promise.resolve();
    // Calls made in later microtasks of the same turn still join.
    first.push(batches.submit(3));
    expect(runs).toEqual([]);
    await expect(Promise.all(first)).resolves.toEqual([1, 2, 3]);
    expect(runs).toEqual([[1, 2, 3]]);
    // The next turn's call is a batch of its own.
    await new Promise((resolve) => setImmediate(resolve));
    await batches.submit(4);
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });
});
