'use client';

import Decimal from 'decimal.js';
import { useState } from 'react';
import { formatUsdt, normaliseDecimalInput } from '../../../common/amount-display';
import { ConfirmDialog } from '../console/confirm-dialog';
import { ErrorLine } from '../console/error-line';
import type { Lang } from '../../pay/[token]/language';
import { withdrawalsMessages } from './withdrawals-messages';

interface WithdrawalChain {
  chain: string;
  name: string;
  fee: string;
  minimumAmount: string;
  ownerDailyLimit: string;
}

/**
 * A withdrawal request: a chain, one of the book's usable addresses on it, an amount. The fee and
 * the total leaving the balance show as the amount is typed, and again in the confirmation, which
 * names the amount, the fee and the address before anything is sent.
 */
export function WithdrawalRequestForm({
  lang,
  chains,
  addresses,
  now,
  buttonClass,
  pending,
  error,
  onRequest,
}: {
  lang: Lang;
  chains: WithdrawalChain[];
  addresses: { id: string; chain: string; address: string; label: string; usableAt: string }[];
  now: number;
  buttonClass: string;
  pending: boolean;
  error: unknown;
  onRequest: (input: { chain: string; addressId: string; amount: string }, done: () => void) => void;
}) {
  const t = withdrawalsMessages[lang];
  const usable = addresses.filter((entry) => Date.parse(entry.usableAt) <= now && chains.some((chain) => chain.chain === entry.chain));
  const [draft, setDraft] = useState({ chain: '', addressId: '', amount: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const chainKey = draft.chain && usable.some((entry) => entry.chain === draft.chain) ? draft.chain : (usable[0]?.chain ?? '');
  const chain = chains.find((option) => option.chain === chainKey);
  const onChain = usable.filter((entry) => entry.chain === chainKey);
  const address = onChain.find((entry) => entry.id === draft.addressId) ?? onChain[0];
  const parsed = normaliseDecimalInput(draft.amount, 6);
  const total = parsed.ok && chain ? new Decimal(parsed.value).plus(chain.fee).toFixed(6) : null;

  if (usable.length === 0) {
    return (
      <div>
        <h3 id="withdrawal-request-heading">{t.request}</h3>
        <p className="console-empty" data-testid="withdrawal-no-usable">
          {t.noUsable}
        </p>
      </div>
    );
  }
  const chainsWithAddresses = chains.filter((option) => usable.some((entry) => entry.chain === option.chain));
  return (
    <div>
      <h3 id="withdrawal-request-heading">{t.request}</h3>
      <form
        className="console-bar"
        aria-label={t.request}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!parsed.ok) {
            setProblem(t.amountProblems[parsed.problem] ?? t.amountProblems.notNumber!);
            document.getElementById('withdrawal-amount')?.focus();
            return;
          }
          setProblem(null);
          setConfirming(true);
        }}
      >
        <label>
          {t.chain}
          <select value={chainKey} onChange={(event) => setDraft({ ...draft, chain: event.target.value, addressId: '' })}>
            {chainsWithAddresses.map((option) => (
              <option key={option.chain} value={option.chain}>
                {option.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.to}
          <select value={address?.id ?? ''} onChange={(event) => setDraft({ ...draft, addressId: event.target.value })}>
            {onChain.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.label} · {entry.address}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.amount}
          <input
            id="withdrawal-amount"
            inputMode="decimal"
            autoComplete="off"
            maxLength={24}
            value={draft.amount}
            aria-invalid={problem ? true : undefined}
            aria-describedby="withdrawal-amount-hint withdrawal-amount-problem"
            onChange={(event) => {
              setDraft({ ...draft, amount: event.target.value });
              setProblem(null);
            }}
          />
          {chain ? (
            <span id="withdrawal-amount-hint" className="console-hint">
              {t.amountHint(formatUsdt(chain.minimumAmount))} {t.dailyLimit(formatUsdt(chain.ownerDailyLimit))}
            </span>
          ) : null}
          {problem ? (
            <span id="withdrawal-amount-problem" className="field-error" role="alert">
              {problem}
            </span>
          ) : null}
        </label>
        {chain ? (
          <dl className="withdrawal-costs" data-testid="withdrawal-costs">
            <dt>{t.fee}</dt>
            <dd className="mono">{formatUsdt(chain.fee)} USDT</dd>
            <dt>{t.total}</dt>
            <dd className="mono">{total ? `${formatUsdt(total)} USDT` : '—'}</dd>
          </dl>
        ) : null}
        <button type="submit" className={buttonClass} disabled={pending} aria-haspopup="dialog">
          {t.review}
        </button>
        <ErrorLine error={error} labels={{ amount: t.amount, addressId: t.to, chain: t.chain }} />
      </form>
      {parsed.ok && chain && address && total ? (
        <ConfirmDialog
          open={confirming}
          title={t.confirmTitle(formatUsdt(parsed.value))}
          consequence={t.confirmConsequence(formatUsdt(parsed.value), formatUsdt(chain.fee), formatUsdt(total), chain.name, `${address.label} (${address.address})`)}
          confirmLabel={t.confirm}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            onRequest({ chain: chain.chain, addressId: address.id, amount: parsed.value }, () => setDraft({ ...draft, amount: '' }));
          }}
        />
      ) : null}
    </div>
  );
}
