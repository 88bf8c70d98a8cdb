import type { AuditActorRef } from '../../../server/audit';
import { clientAddressOf } from '../../../server/http/client-address';
import { backTestRiskRule, backTestRiskRuleInput } from '../../../server/risk/back-test-rule';
import { createRiskRule } from '../../../server/risk/create-risk-rule';
import { listRiskRules } from '../../../server/risk/list-risk-rules';
import { createMerchantRiskRuleInput } from '../../../server/risk/risk-rule.schema';
import { setRiskRuleEnabled, setRiskRuleEnabledInput } from '../../../server/risk/set-risk-rule-enabled';
import { z } from 'zod';
import { merchantProcedure, router } from '../init';
import { riskRuleViewItem } from '../../../server/risk/risk-rule-view.schema';
import { backTestRiskRuleOutput } from '../../../server/risk/back-test-rule.schema';

const manage = merchantProcedure('risk.manage');

function userActor(ctx: { merchantUserId: string; headers: Headers }): AuditActorRef {
  return { type: 'merchant', id: ctx.merchantUserId, ip: clientAddressOf(ctx.headers) };
}

/**
 * A merchant's own risk rules (docs/risk.md), owners only: each procedure is confined to the
 * signed-in merchant, so another merchant's rule answers NOT_FOUND as if it did not exist.
 */
export const merchantRiskRouter = router({
  rules: manage.input(z.object({}).strict()).output(z.array(riskRuleViewItem)).query(({ ctx }) => listRiskRules(ctx.db, { merchantId: ctx.merchantId })),
  createRule: manage.input(createMerchantRiskRuleInput).output(riskRuleViewItem).mutation(({ ctx, input }) => createRiskRule(ctx.db, { ...input, merchantId: ctx.merchantId }, userActor(ctx))),
  backTest: manage.input(backTestRiskRuleInput).output(backTestRiskRuleOutput).mutation(({ ctx, input }) => backTestRiskRule(ctx.db, input, { merchantId: ctx.merchantId })),
  setEnabled: manage.input(setRiskRuleEnabledInput).output(riskRuleViewItem).mutation(({ ctx, input }) => setRiskRuleEnabled(ctx.db, { ...input, actor: userActor(ctx), scope: { merchantId: ctx.merchantId } })),
});
