'use client';

import { useState, type FormEvent } from 'react';
import { ErrorLine } from '../console/error-line';
import type { Lang } from '../../pay/[token]/language';
import { riskRuleMessages } from './risk-rule-messages';
import { ChoiceField, TypedField } from './rule-fields';
import { conditionOf, fieldChoices, initialFieldValues, kindFields, riskActions, riskFlows, riskKinds, shapeOf, type ConditionField, type RiskAction, type RiskFlow, type RiskKind, type RuleDraft } from './rule-draft';

/**
 * The form for a new rule, in the grammar of docs/risk.md: the fields of the chosen condition kind
 * only. The rule is created switched off; the server checks everything and names the field, which
 * the error line shows by its label here. `merchants`, for the operator, adds the scope: the
 * platform or one merchant (a merchant's own console has no scope to choose).
 */
export function RiskRuleForm({
  lang,
  merchants,
  pending,
  error,
  createdName,
  onCreate,
}: {
  lang: Lang;
  merchants?: readonly { id: string; name: string }[];
  pending: boolean;
  error: unknown;
  /** The name of the rule this form last created, for the confirmation line. */
  createdName: string | null;
  onCreate: (draft: RuleDraft) => void;
}) {
  const t = riskRuleMessages[lang];
  const [name, setName] = useState('');
  const [merchantId, setMerchantId] = useState('');
  const [flows, setFlows] = useState<RiskFlow[]>(['payout']);
  const [kind, setKind] = useState<RiskKind>('velocity');
  const [action, setAction] = useState<RiskAction>('block');
  const [values, setValues] = useState(initialFieldValues);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCreate({ name, ...(merchantId ? { merchantId } : {}), flows, condition: conditionOf(kind, values), action });
  };
  const labels: Record<string, string> = { name: t.name, merchantId: t.merchantLabel, flows: t.flows, action: t.action };
  for (const [field, label] of Object.entries(t.fields)) labels[`condition.${field}`] = label;
  const choices = (field: ConditionField) =>
    field === 'per' ? fieldChoices.per.map((value) => ({ value, label: t.per[value] })) : fieldChoices.list.map((value) => ({ value, label: t.lists[value] }));

  return (
    <form className="console-form" onSubmit={submit} aria-labelledby="new-rule-heading">
      <h3 id="new-rule-heading">{t.createHeading}</h3>
      <TypedField label={t.name} shape="text" value={name} onChange={setName} />
      {merchants ? (
        <ChoiceField
          label={t.merchantLabel}
          value={merchantId}
          options={[{ value: '', label: t.platform }, ...merchants.map((merchant) => ({ value: merchant.id, label: merchant.name }))]}
          onChange={setMerchantId}
        />
      ) : null}
      <fieldset>
        <legend>{t.flows}</legend>
        {riskFlows.map((flow) => (
          <label key={flow}>
            <input type="checkbox" checked={flows.includes(flow)} onChange={(e) => setFlows(e.target.checked ? [...flows, flow] : flows.filter((f) => f !== flow))} />
            {t.flow[flow]}
          </label>
        ))}
      </fieldset>
      <ChoiceField label={t.kindLabel} value={kind} options={riskKinds.map((value) => ({ value, label: t.kinds[value] }))} onChange={setKind} />
      {kindFields[kind].map((field) => {
        const shape = shapeOf(field);
        const set = (value: string) => setValues({ ...values, [field]: value });
        return shape === 'choice' ? (
          <ChoiceField key={field} label={t.fields[field]} value={values[field]} options={choices(field)} onChange={set} />
        ) : (
          <TypedField key={field} label={t.fields[field]} shape={shape} value={values[field]} onChange={set} />
        );
      })}
      <ChoiceField label={t.action} value={action} options={riskActions.map((value) => ({ value, label: t.actions[value] }))} onChange={setAction} />
      <div className="button-row">
        <button type="submit" className="button is-primary" disabled={pending}>
          {t.create}
        </button>
      </div>
      <ErrorLine error={error} labels={labels} />
      {createdName !== null ? (
        <p role="status" className="console-ok">
          {t.created(createdName)}
        </p>
      ) : null}
    </form>
  );
}
