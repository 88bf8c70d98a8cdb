'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmButton } from '../../../_components/console/confirm-dialog';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { InvitationLink } from '../../../merchant/_components/invitation-link';
import { MerchantCheckoutEditor } from './merchant-checkout-editor';

interface Merchant {
  id: string;
  name: string;
  status: 'active' | 'suspended';
  payoutFeeBps: number;
  payinFeeBps: number;
  payinExpirySeconds: number;
  payoutMatchSeconds: number;
  payoutPaymentSeconds: number;
  payoutMerchantActionSeconds: number;
  webhookUrl: string | null;
  apiKeys: { keyId: string; label: string; createdAt: string; revokedAt: string | null; lastUsedAt: string | null }[];
}

const numberFields = [
  ['payoutFeeBps', 'Payout fee (bps)'],
  ['payinFeeBps', 'Pay-in fee (bps)'],
  ['payinExpirySeconds', 'Pay-in expiry (s)'],
  ['payoutMatchSeconds', 'Payout match window (s)'],
  ['payoutPaymentSeconds', 'Trader payment window (s)'],
  ['payoutMerchantActionSeconds', 'Merchant decision window (s)'],
] as const;

type NumberField = (typeof numberFields)[number][0];

/** One merchant's settings, webhook endpoint and API keys. */
export function MerchantEditor({ merchant, onChanged }: { merchant: Merchant; onChanged: () => void }) {
  const trpc = useTRPC();
  const [values, setValues] = useState<Record<NumberField, string>>(
    Object.fromEntries(numberFields.map(([field]) => [field, String(merchant[field])])) as Record<NumberField, string>,
  );
  const [webhook, setWebhook] = useState(merchant.webhookUrl ?? '');
  const [label, setLabel] = useState('');
  const [ownerEmail, setOwnerEmail] = useState('');
  const createOwner = useMutation(trpc.operator.merchants.createOwner.mutationOptions());
  const update = useMutation(trpc.operator.merchants.update.mutationOptions({ onSuccess: onChanged }));
  const setEndpoint = useMutation(trpc.operator.merchants.setWebhook.mutationOptions({ onSuccess: onChanged }));
  const issue = useMutation(trpc.operator.merchants.issueKey.mutationOptions({ onSuccess: onChanged }));
  const revoke = useMutation(trpc.operator.merchants.revokeKey.mutationOptions({ onSuccess: onChanged }));

  return (
    <section aria-labelledby="editor-heading">
      <h2 id="editor-heading">Manage {merchant.name}</h2>
      <div className="button-row" style={{ marginBottom: 'var(--space-3)' }}>
        {merchant.status === 'active' ? (
          <ConfirmButton
            disabled={update.isPending}
            title={`Suspend ${merchant.name}?`}
            consequence={`${merchant.name}'s API keys stop working at once: no new payouts or pay-ins until reactivated. Open orders keep their state.`}
            confirmLabel="Suspend merchant"
            onConfirm={() => update.mutate({ merchantId: merchant.id, settings: { status: 'suspended' } })}
          >
            Suspend merchant
          </ConfirmButton>
        ) : (
          <button type="button" className="button is-primary" disabled={update.isPending} onClick={() => update.mutate({ merchantId: merchant.id, settings: { status: 'active' } })}>
            Reactivate merchant
          </button>
        )}
      </div>
      <form
        className="console-form is-grid"
        aria-label="Fees and time windows"
        onSubmit={(event) => {
          event.preventDefault();
          const settings = Object.fromEntries(numberFields.map(([field]) => [field, Number(values[field])]));
          update.mutate({ merchantId: merchant.id, settings });
        }}
      >
        {numberFields.map(([field, text]) => (
          <label key={field}>
            {text}
            <input inputMode="numeric" pattern="\d+" required value={values[field]} onChange={(e) => setValues({ ...values, [field]: e.target.value })} />
          </label>
        ))}
        <button type="submit" className="button is-primary" disabled={update.isPending}>
          Save settings
        </button>
      </form>
      <ErrorLine error={update.error} />
      {update.isSuccess ? <p role="status" className="console-ok">Saved.</p> : null}

      <form
        className="console-form"
        aria-label="Webhook endpoint"
        onSubmit={(event) => {
          event.preventDefault();
          setEndpoint.mutate({ merchantId: merchant.id, url: webhook.trim() === '' ? null : webhook.trim() });
        }}
      >
        <label>
          Webhook endpoint (empty to remove)
          <input type="url" value={webhook} onChange={(e) => setWebhook(e.target.value)} />
        </label>
        <button type="submit" className="button is-primary" disabled={setEndpoint.isPending}>
          Save endpoint
        </button>
      </form>
      <ErrorLine error={setEndpoint.error} />
      {setEndpoint.data ? (
        <p role="status" className="console-ok">
          Endpoint saved.{setEndpoint.data.secret ? <span className="mono"> Signing secret (shown only now): {setEndpoint.data.secret}</span> : null}
        </p>
      ) : null}

      <MerchantCheckoutEditor merchantId={merchant.id} merchantName={merchant.name} />

      <h3>First owner</h3>
      <p>
        The owner runs the merchant console and invites the rest of the team. Corridor makes a one-time link (valid 72 hours) where
        they choose their name and password; once an owner has joined, this is refused.
      </p>
      <form
        className="console-bar"
        aria-label="Invite the first owner"
        onSubmit={(event) => {
          event.preventDefault();
          createOwner.mutate({ merchantId: merchant.id, email: ownerEmail.trim() });
        }}
      >
        <label>
          Owner email
          <input type="email" required maxLength={254} value={ownerEmail} onChange={(e) => setOwnerEmail(e.target.value)} />
        </label>
        <button type="submit" className="button is-primary" disabled={createOwner.isPending}>
          Create owner invitation
        </button>
      </form>
      <ErrorLine error={createOwner.error} />
      {createOwner.data ? (
        <InvitationLink
          heading={`Owner invitation for ${createOwner.data.email}`}
          text={`No email is sent: copy this link and give it to ${createOwner.data.email} yourself. It is shown only now, works once, and expires ${formatTime(createOwner.data.expiresAt)}.`}
          link={createOwner.data.link}
        />
      ) : null}

      <h3>API keys</h3>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="API keys">
        <table aria-label="API keys">
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Label</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {merchant.apiKeys.map((key) => (
              <tr key={key.keyId}>
                <td className="mono">{key.keyId}</td>
                <td>{key.label || '—'}</td>
                <td>{formatTime(key.createdAt)}</td>
                <td>{formatTime(key.lastUsedAt)}</td>
                <td>
                  {key.revokedAt ? (
                    `revoked ${formatTime(key.revokedAt)}`
                  ) : (
                    <ConfirmButton
                      ariaLabel={`Revoke ${key.keyId}`}
                      disabled={revoke.isPending}
                      title={`Revoke API key ${key.keyId} of ${merchant.name}?`}
                      consequence={`Every request signed with ${key.keyId}${key.label ? ` (${key.label})` : ''} is refused from now on. This cannot be undone: the merchant needs a new key.`}
                      confirmLabel="Revoke key"
                      onConfirm={() => revoke.mutate({ keyId: key.keyId })}
                    >
                      Revoke
                    </ConfirmButton>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ErrorLine error={revoke.error} />
      <form
        className="console-bar"
        aria-label="Issue an API key"
        onSubmit={(event) => {
          event.preventDefault();
          issue.mutate({ merchantId: merchant.id, label });
        }}
      >
        <label>
          New key label
          <input maxLength={100} value={label} onChange={(e) => setLabel(e.target.value)} />
        </label>
        <button type="submit" className="button is-primary" disabled={issue.isPending}>
          Issue API key
        </button>
      </form>
      <ErrorLine error={issue.error} />
      {issue.data ? (
        <div role="status" className="console-ok">
          <p>New key issued. The secret is shown <strong>only now</strong>:</p>
          <p className="mono">API key: {issue.data.keyId}</p>
          <p className="mono">API secret: {issue.data.secret}</p>
        </div>
      ) : null}
    </section>
  );
}
