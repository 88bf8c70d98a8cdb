import { z } from 'zod';
import { bondPenaltyRow } from './bond-status.schema';

export const traderExposureOutput = z.object({
  bond: z.string(),
  escrowed: z.string(),
  payoutsUnpaid: z.string(),
  exposure: z.string(),
  multiple: z.string(),
  multipleOverridden: z.boolean(),
  cap: z.string(),
  capEnabled: z.boolean(),
  free: z.string(),
  penalties: z.array(bondPenaltyRow),
});
