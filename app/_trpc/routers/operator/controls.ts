import { z } from 'zod';
import { controlChangeInput, decideControlChangeInput } from '../../../../server/controls/control-change.schema';
import { decideControlChange } from '../../../../server/controls/decide-control-change';
import { listControls } from '../../../../server/controls/list-controls';
import { proposeControlChange } from '../../../../server/controls/propose-control-change';
import { operatorProcedure, router } from '../../init';
import { operatorOf } from './actor';
import { listControlsOutput } from '../../../../server/controls/list-controls.schema';
import { proposeControlChangeOutput } from '../../../../server/controls/propose-control-change.schema';
import { decideControlChangeOutput } from '../../../../server/controls/decide-control-change.schema';

/**
 * Controls that guard money, such as the four-eyes threshold (docs/operator-guide.md, "Controls"),
 * under operator.controls. No procedure sets a control: one operator proposes, another decides.
 */
export const operatorControlsRouter = router({
  list: operatorProcedure.input(z.object({}).strict()).output(listControlsOutput).query(({ ctx }) => listControls(ctx.db)),
  propose: operatorProcedure.input(controlChangeInput).output(proposeControlChangeOutput).mutation(({ ctx, input }) => proposeControlChange(ctx.db, { change: input, operator: operatorOf(ctx) })),
  decide: operatorProcedure.input(decideControlChangeInput).output(decideControlChangeOutput).mutation(({ ctx, input }) => decideControlChange(ctx.db, { decision: input, operator: operatorOf(ctx) })),
});
