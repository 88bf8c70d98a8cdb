import { addInternalNote, addInternalNoteInput } from '../../../../server/disputes/add-internal-note';
import { evidenceRequestIdInput, requestEvidenceInput } from '../../../../server/disputes/evidence-request.schema';
import { extendDeadlineInput } from '../../../../server/order-timers/extend-deadline.schema';
import { disputeRef } from '../../../../server/orders/order-ref';
import { getDisputeProcess } from '../../../../server/disputes/dispute-process';
import { requestEvidence } from '../../../../server/disputes/request-evidence';
import { withdrawEvidenceRequest } from '../../../../server/disputes/withdraw-evidence-request';
import { extendDeadline } from '../../../../server/order-timers/extend-deadline';
import { stopAutoRuling, stopAutoRulingInput } from '../../../../server/disputes/stop-auto-ruling';
import { operatorProcedure, router } from '../../init';
import { operatorOf } from './actor';

/**
 * Evidence requests, internal notes and deadlines of a case (docs/operator-guide.md, "Evidence"
 * and "Timers"), under operator.disputeProcess.
 */
export const operatorDisputeProcessRouter = router({
  get: operatorProcedure.input(disputeRef).query(({ ctx, input }) => getDisputeProcess(ctx.db, input)),
  requestEvidence: operatorProcedure.input(requestEvidenceInput).mutation(({ ctx, input }) => requestEvidence(ctx.db, { input, operator: operatorOf(ctx) })),
  withdrawRequest: operatorProcedure.input(evidenceRequestIdInput).mutation(({ ctx, input }) => withdrawEvidenceRequest(ctx.db, { input, operator: operatorOf(ctx) })),
  addNote: operatorProcedure.input(addInternalNoteInput).mutation(({ ctx, input }) => addInternalNote(ctx.db, { input, operator: operatorOf(ctx) })),
  extendDeadline: operatorProcedure.input(extendDeadlineInput).mutation(({ ctx, input }) => extendDeadline(ctx.db, { input, operator: operatorOf(ctx) })),
  stopAutoRuling: operatorProcedure.input(stopAutoRulingInput).mutation(({ ctx, input }) => stopAutoRuling(ctx.db, { ...input, operator: operatorOf(ctx) })),
});
