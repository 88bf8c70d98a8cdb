'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTRPC } from '../../_trpc/client';
import { errorText, formatTime } from '../_components/format';
import { Empty, LoadError, Loading } from '../_components/states';

function AddBankAccount() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const empty = { holderName: '', bankName: '', accountNumber: '' };
  const [values, setValues] = useState(empty);
  const add = useMutation(
    trpc.trader.addBankAccount.mutationOptions({
      onSuccess: () => {
        // The number is dropped from the page as soon as the server has it.
        setValues(empty);
        void queryClient.invalidateQueries({ queryKey: trpc.trader.bankAccounts.queryKey() });
      },
    }),
  );
  const set = (field: keyof typeof empty) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ ...values, accountNumber: values.accountNumber.replace(/\s+/g, '') });
  };
  const details = (add.error as { data?: { details?: { path: string; message: string }[] } } | null)?.data?.details ?? [];

  return (
    <form className="trader-card trader-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Add a bank account</h3>
      <label htmlFor={`${id}-holder`}>Account holder</label>
      <input id={`${id}-holder`} autoComplete="off" value={values.holderName} onChange={set('holderName')} maxLength={64} required />
      <label htmlFor={`${id}-bank`}>Bank</label>
      <input id={`${id}-bank`} autoComplete="off" value={values.bankName} onChange={set('bankName')} maxLength={100} required />
      <label htmlFor={`${id}-number`}>Account number</label>
      <input id={`${id}-number`} autoComplete="off" inputMode="numeric" value={values.accountNumber} onChange={set('accountNumber')} required />
      <p className="trader-hint">8 to 32 digits. Stored encrypted; only the last 4 digits are shown afterwards.</p>
      <button type="submit" className="trader-button is-primary" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add account'}
      </button>
      <div role="alert" className="trader-error">
        {add.isError ? <p>{errorText(add.error)}</p> : null}
        {details.map((detail) => (
          <p key={detail.path}>
            {detail.path}: {detail.message}
          </p>
        ))}
      </div>
      <p role="status" className="trader-success">
        {add.isSuccess ? `Added the account ending ${add.data.accountLast4}.` : ''}
      </p>
    </form>
  );
}

type Account = { id: string; bankName: string; accountLast4: string; autoConfirm: boolean; autoConfirmThreshold: number; listenerSilenceSeconds: number; listenerLastSeenAt: string | null; listenerSilent: boolean };

/** Automatic confirmation from the bank's notifications (docs/trader-guide.md, "Automatic confirmation"). */
function AutoConfirmSettings({ account }: { account: Account }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [values, setValues] = useState({ autoConfirm: account.autoConfirm, threshold: String(account.autoConfirmThreshold), silenceMinutes: String(Math.round(account.listenerSilenceSeconds / 60)) });
  const save = useMutation(
    trpc.trader.setAutoConfirm.mutationOptions({ onSettled: () => void queryClient.invalidateQueries({ queryKey: trpc.trader.bankAccounts.queryKey() }) }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ bankAccountId: account.id, autoConfirm: values.autoConfirm, threshold: Number(values.threshold), silenceSeconds: Number(values.silenceMinutes) * 60 });
  };
  return (
    <form className="trader-form" onSubmit={submit} aria-label={`Automatic confirmation for ${account.bankName} ending ${account.accountLast4}`}>
      <label htmlFor={`${id}-on`}>
        <input id={`${id}-on`} type="checkbox" checked={values.autoConfirm} onChange={(event) => setValues((v) => ({ ...v, autoConfirm: event.target.checked }))} /> Confirm
        pay-ins from this account&apos;s bank notifications
      </label>
      <label htmlFor={`${id}-threshold`}>Release at a score of at least (50-100)</label>
      <input id={`${id}-threshold`} type="number" min={50} max={100} value={values.threshold} onChange={(event) => setValues((v) => ({ ...v, threshold: event.target.value }))} />
      <label htmlFor={`${id}-silence`}>Alert and stop new pay-ins after the forwarder is silent for (minutes)</label>
      <input id={`${id}-silence`} type="number" min={1} max={1440} value={values.silenceMinutes} onChange={(event) => setValues((v) => ({ ...v, silenceMinutes: event.target.value }))} />
      <button type="submit" className="trader-button" disabled={save.isPending}>
        Save
      </button>
      <p className="trader-hint">
        Id for your forwarder: <code>{account.id}</code>
      </p>
      {account.autoConfirm ? (
        <p className={account.listenerSilent ? 'trader-error' : 'trader-muted'} role={account.listenerSilent ? 'alert' : undefined}>
          {account.listenerLastSeenAt ? `Forwarder last seen ${formatTime(account.listenerLastSeenAt)}` : 'No forwarder has checked in yet'}
          {account.listenerSilent ? ': silent, so this account gets no new pay-ins.' : '.'}
        </p>
      ) : null}
      <p role="alert" className="trader-error">
        {save.isError ? errorText(save.error) : ''}
      </p>
    </form>
  );
}

export function BankAccounts() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const accounts = useQuery(trpc.trader.bankAccounts.queryOptions());
  const disable = useMutation(
    trpc.trader.disableBankAccount.mutationOptions({
      onSettled: () => void queryClient.invalidateQueries({ queryKey: trpc.trader.bankAccounts.queryKey() }),
    }),
  );

  return (
    <section aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">Receiving bank accounts</h2>
      <p className="trader-muted">Buyers of your pay-ins pay into an active account. Disabling one stops new pay-ins; orders already matched keep it.</p>
      {accounts.isPending ? <Loading what="your bank accounts" /> : null}
      {accounts.isError ? <LoadError text={errorText(accounts.error)} onRetry={() => void accounts.refetch()} /> : null}
      {accounts.data && accounts.data.length === 0 ? <Empty>No bank account yet: add one to receive pay-ins.</Empty> : null}
      {accounts.data && accounts.data.length > 0 ? (
        <ul className="trader-list" aria-label="Bank accounts">
          {accounts.data.map((account) => (
            <li key={account.id} className="trader-card trader-task">
              <div>
                <p>
                  <strong>{account.bankName}</strong> •••• {account.accountLast4}
                </p>
                <p className="trader-muted">
                  {account.holderName} · {account.active ? 'Active' : 'Disabled'}
                </p>
                {account.active ? <AutoConfirmSettings account={account} /> : null}
              </div>
              {account.active ? (
                <button
                  type="button"
                  className="trader-button is-danger"
                  disabled={disable.isPending}
                  onClick={() => {
                    if (window.confirm(`Disable ${account.bankName} •••• ${account.accountLast4}? New pay-ins will not use it.`)) {
                      disable.mutate({ bankAccountId: account.id });
                    }
                  }}
                >
                  Disable<span className="visually-hidden"> {account.bankName} ending {account.accountLast4}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p role="alert" className="trader-error">
        {disable.isError ? errorText(disable.error) : ''}
      </p>
      <AddBankAccount />
    </section>
  );
}
