import { z } from 'zod';
import { deleteQueueView } from '../../../../server/operator-views/delete-queue-view';
import { listQueueViews } from '../../../../server/operator-views/list-queue-views';
import { deleteQueueViewInput, saveQueueViewInput } from '../../../../server/operator-views/queue-view.schema';
import { saveQueueView } from '../../../../server/operator-views/save-queue-view';
import { operatorProcedure, router } from '../../init';
import { listQueueViewsItem } from '../../../../server/operator-views/list-queue-views.schema';
import { saveQueueViewOutput } from '../../../../server/operator-views/save-queue-view.schema';

/** Named filters of the disputes queue, per operator (docs/operator-guide.md, "Saved views"). */
export const operatorQueueViewsRouter = router({
  list: operatorProcedure.input(z.object({}).strict()).output(z.array(listQueueViewsItem)).query(({ ctx }) => listQueueViews(ctx.db, { userId: ctx.operatorId })),
  save: operatorProcedure.input(saveQueueViewInput).output(saveQueueViewOutput).mutation(({ ctx, input }) => saveQueueView(ctx.db, { userId: ctx.operatorId, view: input })),
  delete: operatorProcedure.input(deleteQueueViewInput).output(z.object({ deleted: z.boolean() })).mutation(async ({ ctx, input }) => {
    await deleteQueueView(ctx.db, { userId: ctx.operatorId, viewId: input.viewId });
    return { deleted: true };
  }),
});
