'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../_trpc/client';
import type { RuleDraft } from './rule-draft';

/** Whose rules a page shows: every rule (the operator), or the signed-in merchant's own. */
export type RiskConsole = 'operator' | 'merchant';

/**
 * The rules' procedures of one console, picked by `consoleName` (docs/risk.md, "Consoles"): the
 * operator's `operator.risk.*` or the merchant's `merchantRisk.*`, which the server confines to the
 * merchant signed in. Both sets of hooks are always called, the other query disabled.
 */
export function useRiskRulesApi(consoleName: RiskConsole) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const operator = consoleName === 'operator';
  const rules = [useQuery({ ...trpc.operator.risk.rules.queryOptions({}), enabled: operator }), useQuery({ ...trpc.merchantRisk.rules.queryOptions({}), enabled: !operator })];
  const refresh = () => queryClient.invalidateQueries({ queryKey: operator ? trpc.operator.risk.rules.queryKey() : trpc.merchantRisk.rules.queryKey() });
  const create = [useMutation(trpc.operator.risk.createRule.mutationOptions({ onSuccess: refresh })), useMutation(trpc.merchantRisk.createRule.mutationOptions({ onSuccess: refresh }))];
  const backTest = [useMutation(trpc.operator.risk.backTest.mutationOptions()), useMutation(trpc.merchantRisk.backTest.mutationOptions())];
  const setEnabled = [useMutation(trpc.operator.risk.setEnabled.mutationOptions({ onSuccess: refresh })), useMutation(trpc.merchantRisk.setEnabled.mutationOptions({ onSuccess: refresh }))];
  const pick = operator ? 0 : 1;
  return {
    rules: rules[pick]!,
    create: create[pick]!,
    backTest: backTest[pick]!,
    setEnabled: setEnabled[pick]!,
    /** The form's draft as the console's procedure takes it; the server's schema checks it and names the field it refuses. */
    createRule: (draft: RuleDraft, onCreated: (rule: { id: string; name: string }) => void) => {
      const { merchantId, ...own } = draft;
      const done = { onSuccess: onCreated };
      if (operator) create[0]!.mutate({ ...own, ...(merchantId ? { merchantId } : {}) } as Parameters<(typeof create)[0]['mutate']>[0], done);
      else create[1]!.mutate(own as Parameters<(typeof create)[1]['mutate']>[0], done);
    },
  };
}
