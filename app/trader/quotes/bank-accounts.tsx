'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTRPC } from '../../_trpc/client';
import { errorCode, errorText, formatTime, refusedFields } from '../_components/format';
import { useTraderMessages } from '../_components/messages-context';
import { Empty, LoadError, Loading } from '../_components/states';

type AccountField = 'holderName' | 'bankName' | 'accountNumber';

/** The add form as typed: which fields the server would refuse, checked here for a quick answer in the trader's language. */
function accountProblems(values: Record<AccountField, string>): AccountField[] {
  const problems: AccountField[] = [];
  const holder = values.holderName.trim();
  const bank = values.bankName.trim();
  if (holder.length < 1 || holder.length > 64) problems.push('holderName');
  if (bank.length < 1 || bank.length > 100) problems.push('bankName');
  if (!/^\d{8,32}$/.test(values.accountNumber)) problems.push('accountNumber');
  return problems;
}

function AddBankAccount() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t } = useTraderMessages();
  const b = t.bankAccounts;
  const id = useId();
  const empty = { holderName: '', bankName: '', accountNumber: '' };
  const [values, setValues] = useState(empty);
  const [problems, setProblems] = useState<AccountField[]>([]);
  const add = useMutation(
    trpc.trader.addBankAccount.mutationOptions({
      onSuccess: () => {
        // The number is dropped from the page as soon as the server has it.
        setValues(empty);
        void queryClient.invalidateQueries({ queryKey: trpc.trader.bankAccounts.queryKey() });
      },
      onError: (error) => {
        if (errorCode(error) !== 'VALIDATION_FAILED') return;
        setProblems(refusedFields(error).filter((path): path is AccountField => path === 'holderName' || path === 'bankName' || path === 'accountNumber'));
      },
    }),
  );
  const set = (field: AccountField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setProblems((p) => p.filter((problem) => problem !== field));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.reset();
    const typed = { ...values, accountNumber: values.accountNumber.replace(/\s+/g, '') };
    const found = accountProblems(typed);
    setProblems(found);
    if (found.length > 0) {
      document.getElementById(`${id}-${found[0]}`)?.focus();
      return;
    }
    add.mutate(typed);
  };
  const field = (name: AccountField, label: string, extra: { maxLength?: number; inputMode?: 'numeric'; hint?: string } = {}) => {
    const invalid = problems.includes(name);
    const describedBy = [extra.hint ? `${id}-${name}-hint` : '', invalid ? `${id}-${name}-problem` : ''].filter(Boolean).join(' ');
    return (
      <>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          autoComplete="off"
          inputMode={extra.inputMode}
          maxLength={extra.maxLength}
          value={values[name]}
          onChange={set(name)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {extra.hint ? (
          <p id={`${id}-${name}-hint`} className="trader-hint">
            {extra.hint}
          </p>
        ) : null}
        {invalid ? (
          <p id={`${id}-${name}-problem`} className="trader-field-error">
            {b.problems[name]}
          </p>
        ) : null}
      </>
    );
  };
  const formError = problems.length > 0 ? t.errors.fieldsNeedAttention : add.isError ? errorText(add.error, t) : '';

  return (
    <form className="trader-card trader-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>{b.add}</h3>
      {field('holderName', b.holder, { maxLength: 64 })}
      {field('bankName', b.bank, { maxLength: 100 })}
      {field('accountNumber', b.number, { inputMode: 'numeric', hint: b.numberHint })}
      <button type="submit" className="trader-button is-primary" disabled={add.isPending}>
        {add.isPending ? b.adding : b.addButton}
      </button>
      <p role="alert" className="trader-error">
        {formError}
      </p>
      <p role="status" className="trader-success">
        {add.isSuccess ? b.added(add.data.accountLast4) : ''}
      </p>
    </form>
  );
}

type Account = { id: string; bankName: string; accountLast4: string; autoConfirm: boolean; autoConfirmThreshold: number; listenerSilenceSeconds: number; listenerLastSeenAt: string | null; listenerSilent: boolean };

const wholeIn = (text: string, min: number, max: number) => /^\d{1,5}$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;

/** Automatic confirmation from the bank's notifications (docs/trader-guide.md, "Automatic confirmation"). */
function AutoConfirmSettings({ account }: { account: Account }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { lang, t } = useTraderMessages();
  const a = t.bankAccounts.auto;
  const id = useId();
  const [values, setValues] = useState({ autoConfirm: account.autoConfirm, threshold: String(account.autoConfirmThreshold), silenceMinutes: String(Math.round(account.listenerSilenceSeconds / 60)) });
  const [problems, setProblems] = useState<{ threshold?: boolean; silence?: boolean }>({});
  const save = useMutation(
    trpc.trader.setAutoConfirm.mutationOptions({ onSettled: () => void queryClient.invalidateQueries({ queryKey: trpc.trader.bankAccounts.queryKey() }) }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const found = { threshold: !wholeIn(values.threshold, 50, 100), silence: !wholeIn(values.silenceMinutes, 1, 1440) };
    setProblems(found);
    if (found.threshold || found.silence) return;
    save.mutate({ bankAccountId: account.id, autoConfirm: values.autoConfirm, threshold: Number(values.threshold), silenceSeconds: Number(values.silenceMinutes) * 60 });
  };
  return (
    <form className="trader-form" onSubmit={submit} aria-label={a.label(account.bankName, account.accountLast4)} noValidate>
      <label htmlFor={`${id}-on`}>
        <input id={`${id}-on`} type="checkbox" checked={values.autoConfirm} onChange={(event) => setValues((v) => ({ ...v, autoConfirm: event.target.checked }))} /> {a.on}
      </label>
      <label htmlFor={`${id}-threshold`}>{a.threshold}</label>
      <input
        id={`${id}-threshold`}
        inputMode="numeric"
        value={values.threshold}
        aria-invalid={problems.threshold ? true : undefined}
        aria-describedby={problems.threshold ? `${id}-threshold-problem` : undefined}
        onChange={(event) => setValues((v) => ({ ...v, threshold: event.target.value }))}
      />
      {problems.threshold ? (
        <p id={`${id}-threshold-problem`} className="trader-field-error">
          {a.thresholdProblem}
        </p>
      ) : null}
      <label htmlFor={`${id}-silence`}>{a.silence}</label>
      <input
        id={`${id}-silence`}
        inputMode="numeric"
        value={values.silenceMinutes}
        aria-invalid={problems.silence ? true : undefined}
        aria-describedby={problems.silence ? `${id}-silence-problem` : undefined}
        onChange={(event) => setValues((v) => ({ ...v, silenceMinutes: event.target.value }))}
      />
      {problems.silence ? (
        <p id={`${id}-silence-problem`} className="trader-field-error">
          {a.silenceProblem}
        </p>
      ) : null}
      <button type="submit" className="trader-button" disabled={save.isPending}>
        {a.save}
      </button>
      <p className="trader-hint">
        {a.forwarderId} <code translate="no">{account.id}</code>
      </p>
      {account.autoConfirm ? (
        <p className={account.listenerSilent ? 'trader-error' : 'trader-muted'} role={account.listenerSilent ? 'alert' : undefined}>
          {account.listenerLastSeenAt ? a.lastSeen(formatTime(account.listenerLastSeenAt, lang)) : a.neverSeen}
          {account.listenerSilent ? a.silentSuffix : lang === 'zh' ? '。' : '.'}
        </p>
      ) : null}
      <p role="alert" className="trader-error">
        {save.isError ? errorText(save.error, t) : ''}
      </p>
      <p role="status" className="trader-success">
        {save.isSuccess ? a.saved : ''}
      </p>
    </form>
  );
}

export function BankAccounts() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t } = useTraderMessages();
  const b = t.bankAccounts;
  const accounts = useQuery(trpc.trader.bankAccounts.queryOptions());
  const disable = useMutation(
    trpc.trader.disableBankAccount.mutationOptions({
      onSettled: () => void queryClient.invalidateQueries({ queryKey: trpc.trader.bankAccounts.queryKey() }),
    }),
  );

  return (
    <section aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">{b.heading}</h2>
      <p className="trader-muted">{b.lead}</p>
      {accounts.isPending ? <Loading what={b.what} /> : null}
      {accounts.isError ? <LoadError text={errorText(accounts.error, t)} onRetry={() => void accounts.refetch()} /> : null}
      {accounts.data && accounts.data.length === 0 ? <Empty>{b.empty}</Empty> : null}
      {accounts.data && accounts.data.length > 0 ? (
        <ul className="trader-list" aria-label={b.listLabel}>
          {accounts.data.map((account) => (
            <li key={account.id} className="trader-card trader-task">
              <div>
                <p>
                  <strong translate="no">{account.bankName}</strong> •••• {account.accountLast4}
                </p>
                <p className="trader-muted">
                  <span translate="no">{account.holderName}</span> · {account.active ? b.active : b.disabled}
                </p>
                {account.active ? <AutoConfirmSettings account={account} /> : null}
              </div>
              {account.active ? (
                <button
                  type="button"
                  className="trader-button is-danger"
                  disabled={disable.isPending}
                  onClick={() => {
                    if (window.confirm(b.confirmDisable(account.bankName, account.accountLast4))) {
                      disable.mutate({ bankAccountId: account.id });
                    }
                  }}
                >
                  {b.disable}
                  <span className="visually-hidden">
                    {' '}
                    {account.bankName} {b.ending} {account.accountLast4}
                  </span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p role="alert" className="trader-error">
        {disable.isError ? errorText(disable.error, t) : ''}
      </p>
      <AddBankAccount />
    </section>
  );
}
