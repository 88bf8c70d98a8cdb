import { z } from 'zod';

const signalValues = z.object({
  price: z.number(),
  balance: z.number(),
  success: z.number(),
  headroom: z.number(),
  cooldown: z.number(),
  bankHealth: z.number(),
  amountFit: z.number(),
  reputation: z.number(),
});

export const candidateScore = z.object({
  score: z.number(),
  signals: signalValues,
  points: z.object({
    price: z.number(),
    balance: z.number(),
    success: z.number(),
    headroom: z.number(),
    cooldown: z.number(),
    bankHealth: z.number(),
    amountFit: z.number(),
    reputation: z.number(),
  }),
  penalty: z.number(),
  weights: z.object({
    price: z.number(),
    success: z.number(),
    headroom: z.number(),
    cooldown: z.number(),
    bankHealth: z.number(),
    amountFit: z.number(),
    balance: z.number(),
    reputation: z.number(),
  }),
});
