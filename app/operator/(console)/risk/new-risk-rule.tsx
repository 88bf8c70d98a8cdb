'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorLine } from '../../../_components/console/error-line';
import { useTRPC } from '../../../_trpc/client';
import { useOperatorMessages } from '../../_components/messages-context';
import { riskMessages } from './risk-messages';

type Kind = 'velocity' | 'blocklist' | 'amount_outlier' | 'payer_name_mismatch';
type Action = 'allow' | 'review' | 'block';
type Flow = 'payin' | 'payout';
const kinds: Kind[] = ['velocity', 'blocklist', 'amount_outlier', 'payer_name_mismatch'];
const actions: Action[] = ['block', 'review', 'allow'];
const flows: Flow[] = ['payin', 'payout'];

/** The number a field holds, or undefined when empty; the server's schema refuses what is not a whole number. */
const numberOf = (value: string) => (value.trim() === '' ? undefined : Number(value));
const textOf = (value: string) => (value.trim() === '' ? undefined : value.trim());

/**
 * The form for a new rule, in the grammar of docs/risk.md: the fields of the chosen condition
 * kind only. The rule is created switched off; the server checks everything and names the field.
 */
export function NewRiskRule({ merchants, onCreated }: { merchants: readonly { id: string; name: string }[]; onCreated: () => void }) {
  const trpc = useTRPC();
  const { lang } = useOperatorMessages();
  const t = riskMessages[lang];
  const [name, setName] = useState('');
  const [merchantId, setMerchantId] = useState('');
  const [chosenFlows, setChosenFlows] = useState<Flow[]>(['payout']);
  const [kind, setKind] = useState<Kind>('velocity');
  const [action, setAction] = useState<Action>('block');
  const [per, setPer] = useState('client_address');
  const [windowMinutes, setWindowMinutes] = useState('60');
  const [maxCount, setMaxCount] = useState('');
  const [maxAmount, setMaxAmount] = useState('');
  const [list, setList] = useState('recipient_account');
  const [values, setValues] = useState('');
  const [lastOrders, setLastOrders] = useState('200');
  const [percentile, setPercentile] = useState('99');
  const [timesMedian, setTimesMedian] = useState('');
  const create = useMutation(trpc.operator.risk.createRule.mutationOptions({ onSuccess: onCreated }));

  const condition = () => {
    if (kind === 'velocity') return { kind, per, windowMinutes: numberOf(windowMinutes), maxCount: numberOf(maxCount), maxAmount: textOf(maxAmount) };
    if (kind === 'blocklist') return { kind, list, values: values.split('\n').map((v) => v.trim()).filter(Boolean) };
    if (kind === 'amount_outlier') return { kind, lastOrders: numberOf(lastOrders), percentile: numberOf(percentile), timesMedian: textOf(timesMedian) };
    return { kind };
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name, ...(merchantId ? { merchantId } : {}), flows: chosenFlows, condition: condition(), action } as never);
  };
  const labels = {
    name: t.name,
    merchantId: t.merchantLabel,
    flows: t.flows,
    action: t.action,
    'condition.windowMinutes': t.windowLabel,
    'condition.maxCount': t.maxCountLabel,
    'condition.maxAmount': t.maxAmountLabel,
    'condition.values': t.valuesLabel,
    'condition.lastOrders': t.lastOrdersLabel,
    'condition.percentile': t.percentileLabel,
    'condition.timesMedian': t.timesMedianLabel,
  };

  return (
    <form className="console-form" onSubmit={submit} aria-labelledby="new-rule-heading">
      <h3 id="new-rule-heading">{t.createHeading}</h3>
      <label>
        {t.name}
        <input required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        {t.merchantLabel}
        <select value={merchantId} onChange={(e) => setMerchantId(e.target.value)}>
          <option value="">{t.platform}</option>
          {merchants.map((merchant) => (
            <option key={merchant.id} value={merchant.id}>
              {merchant.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>{t.flows}</legend>
        {flows.map((flow) => (
          <label key={flow}>
            <input
              type="checkbox"
              checked={chosenFlows.includes(flow)}
              onChange={(e) => setChosenFlows(e.target.checked ? [...chosenFlows, flow] : chosenFlows.filter((f) => f !== flow))}
            />
            {t.flow[flow]}
          </label>
        ))}
      </fieldset>
      <label>
        {t.kindLabel}
        <select value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {t.kinds[k]}
            </option>
          ))}
        </select>
      </label>
      {kind === 'velocity' ? (
        <>
          <label>
            {t.perLabel}
            <select value={per} onChange={(e) => setPer(e.target.value)}>
              {Object.entries(t.per).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t.windowLabel}
            <input inputMode="numeric" value={windowMinutes} onChange={(e) => setWindowMinutes(e.target.value)} />
          </label>
          <label>
            {t.maxCountLabel}
            <input inputMode="numeric" value={maxCount} onChange={(e) => setMaxCount(e.target.value)} />
          </label>
          <label>
            {t.maxAmountLabel}
            <input inputMode="decimal" value={maxAmount} onChange={(e) => setMaxAmount(e.target.value)} />
          </label>
        </>
      ) : null}
      {kind === 'blocklist' ? (
        <>
          <label>
            {t.listLabel}
            <select value={list} onChange={(e) => setList(e.target.value)}>
              {Object.entries(t.lists).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t.valuesLabel}
            <textarea rows={4} value={values} onChange={(e) => setValues(e.target.value)} />
          </label>
        </>
      ) : null}
      {kind === 'amount_outlier' ? (
        <>
          <label>
            {t.lastOrdersLabel}
            <input inputMode="numeric" value={lastOrders} onChange={(e) => setLastOrders(e.target.value)} />
          </label>
          <label>
            {t.percentileLabel}
            <input inputMode="numeric" value={percentile} onChange={(e) => setPercentile(e.target.value)} />
          </label>
          <label>
            {t.timesMedianLabel}
            <input inputMode="decimal" value={timesMedian} onChange={(e) => setTimesMedian(e.target.value)} />
          </label>
        </>
      ) : null}
      <label>
        {t.action}
        <select value={action} onChange={(e) => setAction(e.target.value as Action)}>
          {actions.map((a) => (
            <option key={a} value={a}>
              {t.actions[a]}
            </option>
          ))}
        </select>
      </label>
      <div className="button-row">
        <button type="submit" className="button is-primary" disabled={create.isPending}>
          {t.create}
        </button>
      </div>
      <ErrorLine error={create.error} labels={labels} />
      {create.data ? (
        <p role="status" className="console-ok">
          {t.created(create.data.name)}
        </p>
      ) : null}
    </form>
  );
}
