import { z } from 'zod';

export const lastLedgerCheckOutput = z.object({
  id: z.number(),
  createdAt: z.date(),
  kind: z.enum(['incremental', 'full']),
  ok: z.boolean(),
  durationMs: z.number(),
  checkedThroughPostingId: z.number(),
  transfersChecked: z.number(),
  accountsChecked: z.number(),
  // Opaque: each invariant reports its own rows; the console shows them as JSON.
  problems: z.record(z.string(), z.unknown()),
});
