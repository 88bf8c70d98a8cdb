import { z } from 'zod';

export const listReconciliationRunsOutput = z.object({
  items: z.array(z.object({
    id: z.number(),
    businessDate: z.string(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    counts: z.object({
      ledger_bank: z.object({
        MATCHED: z.number(),
        MISMATCHED: z.number(),
        EXPECTED: z.number(),
      }),
      ledger_chain: z.object({
        MATCHED: z.number(),
        MISMATCHED: z.number(),
        EXPECTED: z.number(),
      }),
      ledger_self: z.object({
        MATCHED: z.number(),
        MISMATCHED: z.number(),
        EXPECTED: z.number(),
      }),
    }),
  })),
  page: z.number(),
  hasMore: z.boolean(),
});

export const listReconciliationItemsOutput = z.object({
  items: z.array(z.object({
    id: z.number(),
    businessDate: z.string(),
    check: z.enum(['ledger_bank', 'ledger_chain', 'ledger_self']),
    subjectType: z.string(),
    subjectId: z.string(),
    state: z.enum(['MATCHED', 'MISMATCHED', 'EXPECTED']),
    reason: z.string(),
    details: z.record(z.string(), z.union([z.boolean(), z.string(), z.number()]).nullable()),
    dueAt: z.string().nullable(),
    matchedBy: z.literal('data').nullable(),
    resolvedBy: z.string().nullable(),
    resolvedAt: z.string().nullable(),
    resolutionReason: z.string().nullable(),
  })),
  page: z.number(),
  hasMore: z.boolean(),
});

export const reconciliationItemViewOutput = z.object({
  id: z.number(),
  businessDate: z.string(),
  check: z.enum(['ledger_bank', 'ledger_chain', 'ledger_self']),
  subjectType: z.string(),
  subjectId: z.string(),
  state: z.enum(['MATCHED', 'MISMATCHED', 'EXPECTED']),
  reason: z.string(),
  details: z.record(z.string(), z.union([z.boolean(), z.string(), z.number()]).nullable()),
  dueAt: z.string().nullable(),
  matchedBy: z.literal('data').nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolutionReason: z.string().nullable(),
});
