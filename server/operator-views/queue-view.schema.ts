import { z } from 'zod';
import { disputeQueueFilters } from '../disputes/list-disputes.schema';
import { displayedName } from '../validation/displayed-name';

/** A saved view of the disputes queue: a name and the filters and sort it keeps. */
export const saveQueueViewInput = z
  .object({
    name: displayedName(z.string().trim().min(1, 'Give the view a name.').max(60, 'At most 60 characters.')),
    filters: disputeQueueFilters.partial(),
  })
  .strict();
export type SaveQueueViewInput = z.input<typeof saveQueueViewInput>;

export const deleteQueueViewInput = z.object({ viewId: z.uuid() }).strict();

/** How many views one operator keeps: a short menu, not a database. */
export const MAX_QUEUE_VIEWS = 20;
