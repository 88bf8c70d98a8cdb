'use client';

import { useState } from 'react';
import { ConfirmButton } from '../console/confirm-dialog';
import { ErrorLine, FieldError } from '../console/error-line';
import { formatTime } from '../console/format';
import type { Lang } from '../../pay/[token]/language';
import { withdrawalsMessages } from './withdrawals-messages';

interface BookAddress {
  id: string;
  chain: string;
  address: string;
  label: string;
  usableAt: string;
}
interface AddInput {
  chain: string;
  address: string;
  label: string;
  totp?: string;
}

/**
 * The owner's withdrawal address book: each address with its cool-down, removal behind a
 * confirmation, and (for whoever may withdraw) the form that adds one, with a fresh authenticator
 * code where the server asks for it.
 */
export function WithdrawalAddressBook({
  lang,
  addresses,
  chains,
  canEdit,
  askTotp,
  now,
  buttonClass,
  onAdd,
  adding,
  addError,
  onRemove,
  removeError,
}: {
  lang: Lang;
  addresses: BookAddress[] | undefined;
  chains: { chain: string; name: string }[];
  canEdit: boolean;
  askTotp: boolean;
  now: number;
  buttonClass: string;
  onAdd: (input: AddInput, done: (added: BookAddress) => void) => void;
  adding: boolean;
  addError: unknown;
  onRemove: (addressId: string, done: () => void) => void;
  removeError: unknown;
}) {
  const t = withdrawalsMessages[lang];
  const [draft, setDraft] = useState({ chain: '', address: '', label: '', totp: '' });
  const [done, setDone] = useState('');
  const chainName = (key: string) => chains.find((chain) => chain.chain === key)?.name ?? key;
  const chain = draft.chain || chains[0]?.chain || '';
  const labels = { chain: t.chain, address: t.address, label: t.label, totp: t.totp };
  return (
    <div>
      <h3 id="withdrawal-book-heading">{t.book}</h3>
      <p>{t.bookLead}</p>
      <p role="status" className="console-status">
        {done}
      </p>
      <ErrorLine error={removeError} />
      {addresses && addresses.length === 0 ? (
        <p className="console-empty" data-testid="withdrawal-book-empty">
          {t.bookEmpty}
        </p>
      ) : null}
      {addresses && addresses.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="withdrawal-book-heading">
          <table aria-labelledby="withdrawal-book-heading" data-testid="withdrawal-book">
            <thead>
              <tr>
                <th scope="col">{t.label}</th>
                <th scope="col">{t.chain}</th>
                <th scope="col">{t.address}</th>
                <th scope="col">{t.status}</th>
                {canEdit ? <th scope="col">{t.action}</th> : null}
              </tr>
            </thead>
            <tbody>
              {addresses.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.label}</td>
                  <td>{chainName(entry.chain)}</td>
                  <td className="mono wallet-hash" translate="no">
                    {entry.address}
                  </td>
                  <td data-testid="withdrawal-address-status">{Date.parse(entry.usableAt) > now ? t.usableFrom(formatTime(entry.usableAt)) : t.usable}</td>
                  {canEdit ? (
                    <td>
                      <ConfirmButton
                        className={buttonClass}
                        ariaLabel={t.removeLabel(entry.label)}
                        title={t.removeTitle(entry.label)}
                        consequence={t.removeConsequence(entry.address)}
                        confirmLabel={t.removeConfirm}
                        onConfirm={() => onRemove(entry.id, () => setDone(t.removed))}
                      >
                        {t.remove}
                      </ConfirmButton>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {canEdit && chains.length > 0 ? (
        <form
          className="console-bar"
          aria-label={t.add}
          onSubmit={(event) => {
            event.preventDefault();
            onAdd(
              { chain, address: draft.address.trim(), label: draft.label.trim(), ...(askTotp ? { totp: draft.totp.trim() } : {}) },
              (added) => {
                setDone(t.added(added.label, formatTime(added.usableAt)));
                setDraft({ chain, address: '', label: '', totp: '' });
              },
            );
          }}
        >
          <label>
            {t.chain}
            <select value={chain} onChange={(event) => setDraft({ ...draft, chain: event.target.value })}>
              {chains.map((option) => (
                <option key={option.chain} value={option.chain}>
                  {option.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t.address}
            <input
              required
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              value={draft.address}
              aria-describedby="withdrawal-address-error"
              onChange={(event) => setDraft({ ...draft, address: event.target.value })}
            />
          </label>
          <FieldError error={addError} path="address" id="withdrawal-address-error" />
          <label>
            {t.label}
            <input required maxLength={64} value={draft.label} onChange={(event) => setDraft({ ...draft, label: event.target.value })} />
          </label>
          {askTotp ? (
            <label>
              {t.totp}
              <input
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]{6,8}"
                maxLength={8}
                value={draft.totp}
                aria-describedby="withdrawal-totp-hint"
                onChange={(event) => setDraft({ ...draft, totp: event.target.value })}
              />
              <span id="withdrawal-totp-hint" className="console-hint">
                {t.totpHint}
              </span>
            </label>
          ) : null}
          <button type="submit" className={buttonClass} disabled={adding}>
            {t.addButton}
          </button>
          <ErrorLine error={addError} labels={labels} />
        </form>
      ) : null}
    </div>
  );
}
