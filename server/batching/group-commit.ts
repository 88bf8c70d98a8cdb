/**
 * Group commit: calls that arrive together are handed to `run` as one batch, and each caller gets
 * its own outcome back (docs/performance.md, "One round trip, one commit per batch").
 *
 * A batch is sent when it holds `maxItems`, or `windowMs` after its first item arrived, whichever
 * comes first; the next arrivals start the next batch at once, so several batches can be in the
 * database together (each on its own pooled connection). The window bounds the latency a lone
 * call pays for batching; under load a batch fills or closes within it. A window of 0 closes at the
 * end of the event loop's turn (setImmediate): the calls made while the requests read in that turn
 * were handled share a batch, and a lone call waits for nothing (Node's shortest timer is 1 ms).
 *
 * With `maxInFlight`, no more than that many batches run at once: a batch due while they all run
 * waits for the first of them to finish, and gathers the calls that arrive meanwhile (up to
 * `maxItems`; more wait for the next). Batches that would only queue on the same rows' locks in
 * the database become fewer, larger ones.
 *
 * `run` answers every item of its batch, in order; when it throws, the whole batch failed (e.g. the
 * connection dropped) and every caller of that batch gets the error: whether it committed is then
 * unknown to all of them alike, which is what a retry with the same Idempotency-Key is for.
 */
/** When a batch is sent (`maxItems`, `windowMs`) and how many may run at once (`maxInFlight`). */
export interface GroupCommitOptions {
  maxItems: number;
  windowMs: number;
  maxInFlight?: number;
}

export class GroupCommit<Item, Outcome> {
  private pending: { item: Item; resolve: (outcome: Outcome) => void; reject: (error: unknown) => void }[] = [];
  private timer: NodeJS.Timeout | NodeJS.Immediate | undefined;
  /** The window of the oldest pending call has ended: the next batch is due. */
  private due = false;
  private inFlight = 0;

  constructor(
    private readonly run: (items: Item[]) => Promise<Outcome[]>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(item: Item): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= this.options.maxItems) this.flush();
      else if (!this.due) this.timer ??= this.startWindow();
    });
  }

  private startWindow(): NodeJS.Timeout | NodeJS.Immediate {
    return this.options.windowMs === 0 ? setImmediate(() => this.windowEnded()) : setTimeout(() => this.windowEnded(), this.options.windowMs);
  }

  private stopWindow(): void {
    if (this.timer === undefined) return;
    if (this.options.windowMs === 0) clearImmediate(this.timer as NodeJS.Immediate);
    else clearTimeout(this.timer as NodeJS.Timeout);
    this.timer = undefined;
  }

  private windowEnded(): void {
    this.timer = undefined;
    this.due = true;
    this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0 || this.inFlight >= (this.options.maxInFlight ?? Infinity)) return;
    this.stopWindow();
    const batch = this.pending.splice(0, this.options.maxItems);
    // What stays behind was due already (it waited for a slot), or starts a window of its own.
    this.due = this.pending.length > 0 && this.due;
    if (this.pending.length > 0 && !this.due) this.timer = this.startWindow();
    this.inFlight += 1;
    this.run(batch.map((entry) => entry.item))
      .then(
        (outcomes) => {
          batch.forEach((entry, index) => {
            const outcome = outcomes[index];
            if (outcome === undefined) entry.reject(new Error(`group commit: no outcome for item ${index} of ${batch.length}`));
            else entry.resolve(outcome);
          });
        },
        (error: unknown) => {
          for (const entry of batch) entry.reject(error);
        },
      )
      .finally(() => {
        this.inFlight -= 1;
        if (this.due || this.pending.length >= this.options.maxItems) this.flush();
      });
  }
}
