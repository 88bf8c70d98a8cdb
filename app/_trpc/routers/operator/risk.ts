import { z } from 'zod';
import { backTestRiskRule, backTestRiskRuleInput } from '../../../../server/risk/back-test-rule';
import { createRiskRule } from '../../../../server/risk/create-risk-rule';
import { listRiskRules } from '../../../../server/risk/list-risk-rules';
import { createRiskRuleInput } from '../../../../server/risk/risk-rule.schema';
import { setRiskRuleEnabled, setRiskRuleEnabledInput } from '../../../../server/risk/set-risk-rule-enabled';
import { decideRiskHold } from '../../../../server/risk-review/decide-risk-hold';
import { decideRiskHoldInput } from '../../../../server/risk-review/decide-risk-hold.schema';
import { listHeldOrders, listHeldOrdersInput } from '../../../../server/risk-review/list-held-orders';
import { operatorProcedure, router } from '../../init';
import { actorOf, operatorOf } from './actor';
import { riskRuleViewItem } from '../../../../server/risk/risk-rule-view.schema';
import { backTestRiskRuleOutput } from '../../../../server/risk/back-test-rule.schema';
import { listHeldOrdersOutput } from '../../../../server/risk-review/list-held-orders.schema';
import { decideRiskHoldOutput } from '../../../../server/risk-review/decide-risk-hold-output.schema';

/** Risk rules with their back-test, and the review queue of held orders (docs/risk.md). */
export const operatorRiskRouter = router({
  rules: operatorProcedure.input(z.object({}).strict()).output(z.array(riskRuleViewItem)).query(({ ctx }) => listRiskRules(ctx.db)),
  createRule: operatorProcedure.input(createRiskRuleInput).output(riskRuleViewItem).mutation(({ ctx, input }) => createRiskRule(ctx.db, input, actorOf(ctx))),
  backTest: operatorProcedure.input(backTestRiskRuleInput).output(backTestRiskRuleOutput).mutation(({ ctx, input }) => backTestRiskRule(ctx.db, input)),
  setEnabled: operatorProcedure.input(setRiskRuleEnabledInput).output(riskRuleViewItem).mutation(({ ctx, input }) => setRiskRuleEnabled(ctx.db, { ...input, actor: actorOf(ctx) })),
  heldOrders: operatorProcedure.input(listHeldOrdersInput).output(listHeldOrdersOutput).query(({ ctx, input }) => listHeldOrders(ctx.db, input)),
  decideHold: operatorProcedure.input(decideRiskHoldInput).output(decideRiskHoldOutput).mutation(({ ctx, input }) => decideRiskHold(ctx.db, { ...input, operator: operatorOf(ctx) })),
});
