'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmButton } from '../../../_components/console/confirm-dialog';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { InvitationLink } from '../../../merchant/_components/invitation-link';
import { MerchantCheckoutEditor } from './merchant-checkout-editor';
import { useOperatorLang } from '../../_components/messages-context';
import { merchantsMessages } from './merchants-messages';

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

const numberFields = ['payoutFeeBps', 'payinFeeBps', 'payinExpirySeconds', 'payoutMatchSeconds', 'payoutPaymentSeconds', 'payoutMerchantActionSeconds'] as const;

type NumberField = (typeof numberFields)[number];

/** One merchant's settings, webhook endpoint and API keys. */
export function MerchantEditor({ merchant, onChanged }: { merchant: Merchant; onChanged: () => void }) {
  const trpc = useTRPC();
  const m = merchantsMessages[useOperatorLang()];
  const t = m.editor;
  const [values, setValues] = useState<Record<NumberField, string>>(
    Object.fromEntries(numberFields.map((field) => [field, String(merchant[field])])) as Record<NumberField, string>,
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
      <h2 id="editor-heading">{t.heading(merchant.name)}</h2>
      <div className="button-row" style={{ marginBottom: 'var(--space-3)' }}>
        {merchant.status === 'active' ? (
          <ConfirmButton
            disabled={update.isPending}
            title={t.suspendTitle(merchant.name)}
            consequence={t.suspendConsequence(merchant.name)}
            confirmLabel={t.suspend}
            onConfirm={() => update.mutate({ merchantId: merchant.id, settings: { status: 'suspended' } })}
          >
            {t.suspend}
          </ConfirmButton>
        ) : (
          <button type="button" className="button is-primary" disabled={update.isPending} onClick={() => update.mutate({ merchantId: merchant.id, settings: { status: 'active' } })}>
            {t.reactivate}
          </button>
        )}
      </div>
      <form
        className="console-form is-grid"
        aria-label={t.windowsForm}
        onSubmit={(event) => {
          event.preventDefault();
          const settings = Object.fromEntries(numberFields.map((field) => [field, Number(values[field])]));
          update.mutate({ merchantId: merchant.id, settings });
        }}
      >
        {numberFields.map((field) => (
          <label key={field}>
            {t.fields[field]}
            <input inputMode="numeric" pattern="\d+" required value={values[field]} onChange={(e) => setValues({ ...values, [field]: e.target.value })} />
          </label>
        ))}
        <button type="submit" className="button is-primary" disabled={update.isPending}>
          {t.saveSettings}
        </button>
      </form>
      <ErrorLine error={update.error} labels={t.fields} />
      {update.isSuccess ? <p role="status" className="console-ok">{t.saved}</p> : null}

      <form
        className="console-form"
        aria-label={t.webhookForm}
        onSubmit={(event) => {
          event.preventDefault();
          setEndpoint.mutate({ merchantId: merchant.id, url: webhook.trim() === '' ? null : webhook.trim() });
        }}
      >
        <label>
          {t.webhook}
          <input type="url" value={webhook} onChange={(e) => setWebhook(e.target.value)} />
        </label>
        <button type="submit" className="button is-primary" disabled={setEndpoint.isPending}>
          {t.saveEndpoint}
        </button>
      </form>
      <ErrorLine error={setEndpoint.error} labels={{ url: t.webhookForm }} />
      {setEndpoint.data ? (
        <p role="status" className="console-ok">
          {t.endpointSaved}{setEndpoint.data.secret ? <span className="mono"> {t.signingSecret} {setEndpoint.data.secret}</span> : null}
        </p>
      ) : null}

      <MerchantCheckoutEditor merchantId={merchant.id} merchantName={merchant.name} />

      <h3>{t.ownerHeading}</h3>
      <p>{t.ownerLead}</p>
      <form
        className="console-bar"
        aria-label={t.ownerForm}
        onSubmit={(event) => {
          event.preventDefault();
          createOwner.mutate({ merchantId: merchant.id, email: ownerEmail.trim() });
        }}
      >
        <label>
          {t.ownerEmail}
          <input type="email" required maxLength={254} value={ownerEmail} onChange={(e) => setOwnerEmail(e.target.value)} />
        </label>
        <button type="submit" className="button is-primary" disabled={createOwner.isPending}>
          {t.createOwner}
        </button>
      </form>
      <ErrorLine error={createOwner.error} labels={{ email: t.ownerEmail }} />
      {createOwner.data ? (
        <InvitationLink
          heading={t.ownerLinkHeading(createOwner.data.email)}
          text={t.ownerLinkText(createOwner.data.email, formatTime(createOwner.data.expiresAt))}
          link={createOwner.data.link}
        />
      ) : null}

      <h3>{t.keysHeading}</h3>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t.keysHeading}>
        <table aria-label={t.keysHeading}>
          <thead>
            <tr>
              <th scope="col">{t.key}</th>
              <th scope="col">{t.label}</th>
              <th scope="col">{t.created}</th>
              <th scope="col">{t.lastUsed}</th>
              <th scope="col">{t.state}</th>
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
                    t.revokedAt(formatTime(key.revokedAt))
                  ) : (
                    <ConfirmButton
                      ariaLabel={t.revokeOf(key.keyId)}
                      disabled={revoke.isPending}
                      title={t.revokeTitle(key.keyId, merchant.name)}
                      consequence={t.revokeConsequence(key.keyId, key.label)}
                      confirmLabel={t.revokeConfirm}
                      onConfirm={() => revoke.mutate({ keyId: key.keyId })}
                    >
                      {t.revoke}
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
        aria-label={t.issueForm}
        onSubmit={(event) => {
          event.preventDefault();
          issue.mutate({ merchantId: merchant.id, label });
        }}
      >
        <label>
          {t.newLabel}
          <input maxLength={100} value={label} onChange={(e) => setLabel(e.target.value)} />
        </label>
        <button type="submit" className="button is-primary" disabled={issue.isPending}>
          {t.issue}
        </button>
      </form>
      <ErrorLine error={issue.error} labels={{ label: t.newLabel }} />
      {issue.data ? (
        <div role="status" className="console-ok">
          <p>
            {t.issuedBefore} <strong>{m.onlyNow}</strong>:
          </p>
          <p className="mono">{m.apiKey} {issue.data.keyId}</p>
          <p className="mono">{m.apiSecret} {issue.data.secret}</p>
        </div>
      ) : null}
    </section>
  );
}
