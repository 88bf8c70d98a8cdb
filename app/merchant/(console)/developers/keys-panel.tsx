'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { useMerchantMessages } from '../../_components/messages-context';
import { fieldErrorsOf } from './field-errors';
import { developersMessages } from './messages';
import type { ApiKeyScope } from '../../../../server/api-keys/scopes';
import { SecretOnce } from './secret-once';

/**
 * The merchant's API keys: the table, the create form (the secret shown once) and revocation with a
 * confirmation. The form offers only `grantable`, the scopes the user's role may put on a key
 * (server/api-keys/grantable-scopes.ts, worked out by the page on the server), so it never offers
 * what the server would refuse.
 */
export function KeysPanel({ grantable }: { grantable: readonly ApiKeyScope[] }) {
  const trpc = useTRPC();
  const t = developersMessages[useMerchantMessages().lang];
  const queryClient = useQueryClient();
  const list = useQuery(trpc.merchantDevelopers.listKeys.queryOptions({}));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.merchantDevelopers.listKeys.queryKey() });
  const create = useMutation(trpc.merchantDevelopers.createKey.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.merchantDevelopers.revokeKey.mutationOptions({ onSuccess: refresh }));
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expires, setExpires] = useState('');
  const [allowlist, setAllowlist] = useState('');
  const [confirming, setConfirming] = useState<{ keyId: string; label: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const fields = fieldErrorsOf(create.error);
  // Expiry is judged as of the page's load; the list refreshes after every change anyway.
  const [now] = useState(() => Date.now());

  return (
    <section aria-labelledby="keys-heading">
      <h2 id="keys-heading">{t.keys}</h2>
      {list.isPending ? <p aria-busy="true">{t.loading}</p> : null}
      <ErrorLine error={list.error} />
      {list.data && list.data.items.length === 0 ? <p className="console-empty">{t.noKeys}</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <div className="table-scroll" tabIndex={0}>
          <table aria-label={t.keys}>
            <thead>
              <tr>
                <th scope="col">{t.keyId}</th>
                <th scope="col">{t.label}</th>
                <th scope="col">{t.scopes}</th>
                <th scope="col">{t.created}</th>
                <th scope="col">{t.expires}</th>
                <th scope="col">{t.allowlist}</th>
                <th scope="col">{t.lastUsed}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.revoke}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((key) => {
                const expired = key.expiresAt !== null && Date.parse(key.expiresAt) <= now;
                return (
                  <tr key={key.keyId}>
                    <td className="mono">{key.keyId}</td>
                    <td>{key.label || t.none}</td>
                    <td className="mono">{key.scopes ? key.scopes.join(', ') : t.allScopes}</td>
                    <td>{formatTime(key.createdAt)}</td>
                    <td>{key.expiresAt ? formatTime(key.expiresAt) : t.never}</td>
                    <td className="mono">{key.ipAllowlist ? key.ipAllowlist.join(', ') : t.anyAddress}</td>
                    <td>{key.lastUsedAt ? formatTime(key.lastUsedAt) : t.never}</td>
                    <td>
                      <span className={key.revokedAt || expired ? 'tag is-warning' : 'tag'}>{key.revokedAt ? t.revoked : expired ? t.expired : t.live}</span>
                    </td>
                    <td>
                      {key.revokedAt ? null : (
                        <button type="button" className="button is-danger" aria-label={t.revokeOf(key.keyId)} onClick={() => setConfirming({ keyId: key.keyId, label: key.label })}>
                          {t.revoke}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}

      {confirming ? (
        <div role="alertdialog" aria-labelledby="revoke-text" className="console-form">
          <p id="revoke-text">{t.confirmRevoke(confirming.keyId, confirming.label)}</p>
          <div className="button-row">
            <button
              type="button"
              className="button is-danger"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(
                  { keyId: confirming.keyId },
                  {
                    onSuccess: () => {
                      setNotice(t.revokedDone(confirming.keyId));
                      setConfirming(null);
                    },
                  },
                )
              }
            >
              {t.confirmRevokeButton(confirming.keyId)}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(null)}>
              {t.cancel}
            </button>
          </div>
          <ErrorLine error={revoke.error} />
        </div>
      ) : null}
      {notice ? (
        <p role="status" className="console-ok">
          {notice}
        </p>
      ) : null}

      <h3 id="create-key-heading">{t.createKey}</h3>
      <form
        className="console-form"
        aria-labelledby="create-key-heading"
        onSubmit={(event) => {
          event.preventDefault();
          const ranges = allowlist
            .split(/[\s,]+/)
            .map((entry) => entry.trim())
            .filter(Boolean);
          create.mutate(
            {
              label: label.trim() || undefined,
              scopes,
              expiresAt: expires ? new Date(expires).toISOString() : undefined,
              ipAllowlist: ranges.length > 0 ? ranges : undefined,
            },
            { onSuccess: () => setNotice(null) },
          );
        }}
      >
        <label>
          {t.label}
          <input value={label} maxLength={100} onChange={(event) => setLabel(event.target.value)} />
        </label>
        <fieldset aria-describedby={fields.scopes ? 'scopes-error' : undefined}>
          <legend>{t.scopeLegend}</legend>
          {grantable.map((scope) => (
            // The form lays labels out as a grid of text over field; a checkbox sits before its name instead.
            <label key={scope} className="mono" style={{ display: 'flex', flexDirection: 'row', gap: '0.5rem', alignItems: 'center' }}>
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(event) => setScopes(event.target.checked ? [...scopes, scope] : scopes.filter((held) => held !== scope))}
              />{' '}
              {scope}
            </label>
          ))}
          {fields.scopes ? (
            <p id="scopes-error" className="console-error">
              {fields.scopes}
            </p>
          ) : null}
        </fieldset>
        <label>
          {t.expiresAt}
          <input type="datetime-local" value={expires} aria-invalid={fields.expiresAt ? true : undefined} aria-describedby={fields.expiresAt ? 'expires-error' : undefined} onChange={(event) => setExpires(event.target.value)} />
        </label>
        {fields.expiresAt ? (
          <p id="expires-error" className="console-error">
            {fields.expiresAt}
          </p>
        ) : null}
        <label>
          {t.ipAllowlist}
          <textarea rows={3} value={allowlist} aria-invalid={fields.ipAllowlist ? true : undefined} aria-describedby={fields.ipAllowlist ? 'allowlist-error' : undefined} onChange={(event) => setAllowlist(event.target.value)} />
        </label>
        {fields.ipAllowlist ? (
          <p id="allowlist-error" className="console-error">
            {fields.ipAllowlist}
          </p>
        ) : null}
        <div className="button-row">
          <button type="submit" className="button is-primary" disabled={create.isPending}>
            {t.createButton}
          </button>
        </div>
        {Object.keys(fields).length === 0 ? <ErrorLine error={create.error} /> : null}
      </form>
      {create.data ? (
        <SecretOnce heading={t.secretHeading(create.data.keyId)} text={t.secretOnce} label={t.secretLabel} secret={create.data.secret} copy={t.copy} copied={t.copied} />
      ) : null}
    </section>
  );
}
