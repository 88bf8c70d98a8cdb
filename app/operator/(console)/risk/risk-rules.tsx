'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmButton } from '../../../_components/console/confirm-dialog';
import { ErrorLine } from '../../../_components/console/error-line';
import { useTRPC } from '../../../_trpc/client';
import { useOperatorMessages } from '../../_components/messages-context';
import { NewRiskRule } from './new-risk-rule';
import { riskMessages } from './risk-messages';

type Messages = (typeof riskMessages)['en'];
type RuleCondition =
  | { kind: 'velocity'; per: string; windowMinutes: number; maxCount?: number; maxAmount?: string }
  | { kind: 'blocklist'; list: string; size: number }
  | { kind: 'amount_outlier'; lastOrders: number; percentile?: number; timesMedian?: string }
  | { kind: 'payer_name_mismatch' };

/** A rule's condition in words; a blocklist shows its size, never its entries. */
function conditionText(condition: RuleCondition, t: Messages): string {
  switch (condition.kind) {
    case 'velocity':
      return t.velocitySummary(t.per[condition.per] ?? condition.per, condition.maxCount, condition.maxAmount, condition.windowMinutes);
    case 'blocklist':
      return t.blocklistSummary(t.lists[condition.list] ?? condition.list, condition.size);
    case 'amount_outlier':
      return t.outlierSummary(condition.percentile !== undefined ? t.percentileOf(condition.percentile) : t.timesMedianOf(condition.timesMedian ?? ''), condition.lastOrders);
    default:
      return t.mismatchSummary;
  }
}

/** The rules: each with its back-test over the last N orders and its switch (confirmed); and the form for a new one. */
export function RiskRules() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { lang, t: common } = useOperatorMessages();
  const t = riskMessages[lang];
  const rules = useQuery(trpc.operator.risk.rules.queryOptions({}));
  const merchants = useQuery(trpc.operator.merchants.list.queryOptions({}));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.operator.risk.rules.queryKey() });
  const setEnabled = useMutation(trpc.operator.risk.setEnabled.mutationOptions({ onSuccess: refresh }));
  const backTest = useMutation(trpc.operator.risk.backTest.mutationOptions());
  const [lastOrders, setLastOrders] = useState('10000');
  const tested = backTest.data;
  const merchantName = (id: string | null) => (id === null ? t.platform : (merchants.data?.find((m) => m.id === id)?.name ?? id));

  return (
    <section aria-labelledby="rules-heading">
      <h2 id="rules-heading">{t.rulesHeading}</h2>
      <div className="console-bar">
        <label>
          {t.lastOrders}
          <input inputMode="numeric" pattern="\d*" value={lastOrders} onChange={(e) => setLastOrders(e.target.value)} />
        </label>
      </div>
      {rules.isPending ? <p aria-busy="true">{common.loading}</p> : null}
      <ErrorLine error={rules.error} />
      {rules.data && rules.data.length === 0 ? <p className="console-empty">{t.rulesEmpty}</p> : null}
      {rules.data && rules.data.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t.rulesLabel}>
          <table aria-label={t.rulesLabel}>
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.scope}</th>
                <th scope="col">{t.condition}</th>
                <th scope="col">{t.action}</th>
                <th scope="col">{t.state}</th>
              </tr>
            </thead>
            <tbody>
              {rules.data.map((rule) => (
                <tr key={rule.id}>
                  <td>
                    {rule.name}
                    <div className="mono">{rule.reference}</div>
                  </td>
                  <td>
                    {merchantName(rule.merchantId)}
                    <div>{rule.flows.map((flow) => t.flow[flow]).join(', ')}</div>
                  </td>
                  <td>
                    {t.kinds[rule.condition.kind]}: {conditionText(rule.condition as RuleCondition, t)}
                  </td>
                  <td>{t.actions[rule.action]}</td>
                  <td>
                    <span className={rule.enabled ? 'tag is-warning' : 'tag'}>{rule.enabled ? t.on : t.off}</span>
                    <div className="button-row" style={{ marginTop: 'var(--space-1)' }}>
                      <button
                        type="button"
                        className="button"
                        disabled={backTest.isPending || !/^\d+$/.test(lastOrders)}
                        onClick={() => backTest.mutate({ ruleId: rule.id, lastOrders: Number(lastOrders) })}
                      >
                        {t.backTest}
                      </button>
                      <ConfirmButton
                        className={rule.enabled ? 'button' : 'button is-danger'}
                        disabled={setEnabled.isPending}
                        title={rule.enabled ? t.switchOffTitle(rule.name) : t.switchOnTitle(rule.name)}
                        consequence={rule.enabled ? t.switchOffConsequence : t.switchOnConsequence}
                        confirmLabel={rule.enabled ? t.switchOff : t.switchOn}
                        onConfirm={() => setEnabled.mutate({ ruleId: rule.id, enabled: !rule.enabled })}
                      >
                        {rule.enabled ? t.switchOff : t.switchOn}
                      </ConfirmButton>
                    </div>
                    {tested?.rule.id === rule.id ? (
                      <p role="status">{tested.flows.map((flow) => t.backTestResult(t.actions[tested.action], flow.matched, flow.evaluated, t.flow[flow.flow])).join(' ')}</p>
                    ) : null}
                    {backTest.variables?.ruleId === rule.id ? <ErrorLine error={backTest.error} /> : null}
                    {setEnabled.variables?.ruleId === rule.id ? <ErrorLine error={setEnabled.error} /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <NewRiskRule merchants={merchants.data ?? []} onCreated={refresh} />
    </section>
  );
}
