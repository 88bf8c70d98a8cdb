'use client';

import { useState } from 'react';
import { ErrorLine } from '../console/error-line';
import { formatTime } from '../console/format';
import type { Lang } from '../../pay/[token]/language';
import { conditionText } from './condition-text';
import { RiskRuleForm } from './risk-rule-form';
import { riskRuleMessages } from './risk-rule-messages';
import { RuleSwitch } from './rule-switch';
import { useRiskRulesApi, type RiskConsole } from './use-risk-rules-api';

type BackTest = NonNullable<ReturnType<typeof useRiskRulesApi>['backTest']['data']>;

/**
 * The rules of docs/risk.md as both consoles show them: each with its back-test over the last N
 * orders and its switch, and the form for a new one. On the operator's page every rule with its
 * scope; on a merchant's, the merchant's own, each new rule back-tested as soon as it is created so
 * that what it would have done is on the page before it can be switched on.
 */
export function RiskRulesSection({
  consoleName,
  lang,
  empty,
  merchants,
}: {
  consoleName: RiskConsole;
  lang: Lang;
  /** What the page says when there is no rule: the platform's rules still apply to a merchant. */
  empty: string;
  /** The operator's merchants: the scope column, and the form's choice of scope. */
  merchants?: readonly { id: string; name: string }[];
}) {
  const t = riskRuleMessages[lang];
  const api = useRiskRulesApi(consoleName);
  const [lastOrders, setLastOrders] = useState('10000');
  const [backTests, setBackTests] = useState<Record<string, BackTest>>({});
  const [createdName, setCreatedName] = useState<string | null>(null);
  const count = new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en');
  const lastOrdersValid = /^\d+$/.test(lastOrders);
  const runBackTest = (ruleId: string) =>
    api.backTest.mutate({ ruleId, ...(lastOrdersValid ? { lastOrders: Number(lastOrders) } : {}) }, { onSuccess: (tested) => setBackTests((all) => ({ ...all, [ruleId]: tested })) });
  const backTestText = (ruleId: string) => {
    const tested = backTests[ruleId];
    if (!tested) return null;
    return tested.flows.map((flow) => t.backTestResult(t.actions[tested.action], count.format(flow.matched), count.format(flow.evaluated), t.flow[flow.flow])).join(' ');
  };
  const scopeOf = (merchantId: string | null) => (merchantId === null ? t.platform : (merchants?.find((m) => m.id === merchantId)?.name ?? merchantId));
  const rules = api.rules.data;

  return (
    <section aria-labelledby="rules-heading">
      <h2 id="rules-heading">{t.rulesHeading}</h2>
      <div className="console-bar">
        <label>
          {t.lastOrders}
          <input inputMode="numeric" pattern="\d*" value={lastOrders} onChange={(e) => setLastOrders(e.target.value)} />
        </label>
      </div>
      {api.rules.isPending ? <p aria-busy="true">{t.loading}</p> : null}
      <ErrorLine error={api.rules.error} />
      {rules && rules.length === 0 ? <p className="console-empty">{empty}</p> : null}
      {rules && rules.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t.rulesLabel}>
          <table aria-label={t.rulesLabel}>
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                {merchants ? <th scope="col">{t.scope}</th> : null}
                <th scope="col">{t.flows}</th>
                <th scope="col">{t.condition}</th>
                <th scope="col">{t.action}</th>
                <th scope="col">{t.createdAt}</th>
                <th scope="col">{t.state}</th>
              </tr>
            </thead>
            <tbody>
              {rules.map((rule) => {
                const tested = backTestText(rule.id);
                return (
                  <tr key={rule.id}>
                    <td>
                      {rule.name}
                      <div className="mono">{rule.reference}</div>
                    </td>
                    {merchants ? <td>{scopeOf(rule.merchantId)}</td> : null}
                    <td>{rule.flows.map((flow) => t.flow[flow]).join(', ')}</td>
                    <td>
                      {t.kinds[rule.condition.kind]}: {conditionText(rule.condition, t)}
                    </td>
                    <td>{t.actions[rule.action]}</td>
                    <td>{formatTime(rule.createdAt)}</td>
                    <td>
                      <span className={rule.enabled ? 'tag is-warning' : 'tag'}>{rule.enabled ? t.on : t.off}</span>
                      <div className="button-row" style={{ marginTop: 'var(--space-1)' }}>
                        <button type="button" className="button" disabled={api.backTest.isPending || !lastOrdersValid} onClick={() => runBackTest(rule.id)}>
                          {t.backTest}
                        </button>
                        <RuleSwitch
                          consoleName={consoleName}
                          rule={rule}
                          backTestText={tested}
                          pending={api.setEnabled.isPending}
                          t={t}
                          onSwitch={(enabled) => api.setEnabled.mutate({ ruleId: rule.id, enabled })}
                        />
                      </div>
                      {tested !== null ? <p role="status">{tested}</p> : null}
                      {api.backTest.variables?.ruleId === rule.id ? <ErrorLine error={api.backTest.error} /> : null}
                      {api.setEnabled.variables?.ruleId === rule.id ? <ErrorLine error={api.setEnabled.error} /> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <RiskRuleForm
        lang={lang}
        merchants={merchants}
        pending={api.create.isPending}
        error={api.create.error}
        createdName={createdName}
        onCreate={(draft) =>
          api.createRule(draft, (rule) => {
            setCreatedName(rule.name);
            // A merchant sees what the new rule would have done before it can be switched on.
            if (consoleName === 'merchant') runBackTest(rule.id);
          })
        }
      />
    </section>
  );
}
