import { DomainError } from '../errors';

/**
 * A counting semaphore with a bounded queue: at most `concurrency` jobs run at once, at most
 * `maxWaiting` wait, and any more are refused at once with 503 SERVER_BUSY rather than queued
 * without limit, so a burst of work can neither take every core nor pile up memory.
 */
export class WorkSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
    private readonly busyMessage: string,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Jobs running and waiting now (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) {
      return Promise.reject(new DomainError('SERVER_BUSY', this.busyMessage));
    }
    // The slot passes straight from the releasing job to the next waiter: `running` stays put.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
