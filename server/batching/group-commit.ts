/**
 * Group commit: calls that arrive together are handed to `run` as one batch, and each caller gets
 * its own outcome back (docs/performance.md, "One round trip, one commit per batch").
 *
 * A batch is sent when it holds `maxItems`, or `windowMs` after its first item arrived, whichever
 * comes first; the next arrivals start the next batch at once, so several batches can be in the
 * database together (each on its own pooled connection). The window bounds the latency a lone
 * call pays for batching; under load a batch fills or closes within it.
 *
 * `run` answers every item of its batch, in order; when it throws, the whole batch failed (e.g. the
 * connection dropped) and every caller of that batch gets the error: whether it committed is then
 * unknown to all of them alike, which is what a retry with the same Idempotency-Key is for.
 */
export class GroupCommit<Item, Outcome> {
  private pending: { item: Item; resolve: (outcome: Outcome) => void; reject: (error: unknown) => void }[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly run: (items: Item[]) => Promise<Outcome[]>,
    private readonly options: { maxItems: number; windowMs: number },
  ) {}

  submit(item: Item): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= this.options.maxItems) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.options.windowMs);
    });
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    this.run(batch.map((entry) => entry.item)).then(
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
    );
  }
}
