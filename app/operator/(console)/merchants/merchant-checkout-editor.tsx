'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmButton } from '../../../_components/console/confirm-dialog';
import { ErrorLine } from '../../../_components/console/error-line';
import { useOperatorLang } from '../../_components/messages-context';
import { merchantsMessages } from './merchants-messages';

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

/**
 * The merchant's checkout as an operator sets it (docs/merchant-guide.md, "Checkout settings"): the
 * same fields, rules and audit rows as the owner's Checkout page.
 */
export function MerchantCheckoutEditor({ merchantId, merchantName }: { merchantId: string; merchantName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const t = merchantsMessages[useOperatorLang()].checkout;
  const settings = useQuery(trpc.operator.merchants.checkout.queryOptions({ merchantId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.operator.merchants.checkout.queryKey({ merchantId }) });
  const update = useMutation(trpc.operator.merchants.updateCheckout.mutationOptions({ onSuccess: refresh }));
  const setLogo = useMutation(trpc.operator.merchants.setCheckoutLogo.mutationOptions());
  const [draft, setDraft] = useState<{ name: string; accent: string; ask: boolean } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  if (!settings.data) return <ErrorLine error={settings.error} />;
  const current = settings.data;
  const form = draft ?? { name: current.checkoutDisplayName ?? '', accent: current.checkoutAccentColor ?? '', ask: current.askPayerName };
  const edit = (patch: Partial<typeof form>) => {
    update.reset();
    setDraft({ ...form, ...patch });
  };

  return (
    <>
      <h3>{t.heading}</h3>
      <form
        className="console-form is-grid"
        aria-label={t.form}
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ merchantId, settings: { checkoutDisplayName: form.name, checkoutAccentColor: form.accent, askPayerName: form.ask } }, { onSuccess: () => setDraft(null) });
        }}
      >
        <label>
          {t.displayName(merchantName)}
          <input maxLength={60} value={form.name} onChange={(e) => edit({ name: e.target.value })} />
        </label>
        <label>
          {t.accent}
          <input className="mono" value={form.accent} onChange={(e) => edit({ accent: e.target.value })} />
        </label>
        <label>
          <input type="checkbox" checked={form.ask} onChange={(e) => edit({ ask: e.target.checked })} /> {t.askPayerName}
        </label>
        <button type="submit" className="button is-primary" disabled={update.isPending}>
          {t.save}
        </button>
      </form>
      <ErrorLine error={update.error} labels={t.labels} />
      {update.isSuccess && !draft ? (
        <p role="status" className="console-ok">
          {t.saved}
        </p>
      ) : null}
      <form
        className="console-bar"
        aria-label={t.logoForm}
        onSubmit={(event) => {
          event.preventDefault();
          const file = fileRef.current?.files?.[0];
          if (file) void base64Of(file).then((imageBase64) => setLogo.mutate({ merchantId, imageBase64 }));
        }}
      >
        <label>
          {t.logo}
          <input ref={fileRef} type="file" accept="image/png,image/jpeg,image/webp" required />
        </label>
        <button type="submit" className="button is-primary" disabled={setLogo.isPending}>
          {t.upload}
        </button>
        <ConfirmButton
          disabled={setLogo.isPending}
          title={t.removeTitle(merchantName)}
          consequence={t.removeConsequence}
          confirmLabel={t.remove}
          onConfirm={() => setLogo.mutate({ merchantId, imageBase64: null })}
        >
          {t.remove}
        </ConfirmButton>
      </form>
      <ErrorLine error={setLogo.error} labels={t.labels} />
      {setLogo.data ? (
        <p role="status" className="console-ok">
          {setLogo.data.hasLogo ? t.logoSaved : t.logoRemoved}
        </p>
      ) : null}
    </>
  );
}
