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
import { disputeProcess } from '../../../../server/disputes/dispute-process.schema';
import { requestEvidenceOutput } from '../../../../server/disputes/request-evidence.schema';
import { withdrawEvidenceRequestOutput } from '../../../../server/disputes/withdraw-evidence-request.schema';
import { addInternalNoteOutput } from '../../../../server/disputes/add-internal-note.schema';
import { extendDeadlineOutput } from '../../../../server/order-timers/extend-deadline-output.schema';
import { stopAutoRulingOutput } from '../../../../server/disputes/stop-auto-ruling.schema';

/**
 * Evidence requests, internal notes and deadlines of a case (docs/operator-guide.md, "Evidence"
 * and "Timers"), under operator.disputeProcess.
 */
export const operatorDisputeProcessRouter = router({
  get: operatorProcedure.input(disputeRef).output(disputeProcess).query(({ ctx, input }) => getDisputeProcess(ctx.db, input)),
  requestEvidence: operatorProcedure.input(requestEvidenceInput).output(requestEvidenceOutput).mutation(({ ctx, input }) => requestEvidence(ctx.db, { input, operator: operatorOf(ctx) })),
  withdrawRequest: operatorProcedure.input(evidenceRequestIdInput).output(withdrawEvidenceRequestOutput).mutation(({ ctx, input }) => withdrawEvidenceRequest(ctx.db, { input, operator: operatorOf(ctx) })),
  addNote: operatorProcedure.input(addInternalNoteInput).output(addInternalNoteOutput).mutation(({ ctx, input }) => addInternalNote(ctx.db, { input, operator: operatorOf(ctx) })),
  extendDeadline: operatorProcedure.input(extendDeadlineInput).output(extendDeadlineOutput).mutation(({ ctx, input }) => extendDeadline(ctx.db, { input, operator: operatorOf(ctx) })),
  stopAutoRuling: operatorProcedure.input(stopAutoRulingInput).output(stopAutoRulingOutput).mutation(({ ctx, input }) => stopAutoRuling(ctx.db, { ...input, operator: operatorOf(ctx) })),
});
