'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmButton } from '../../../_components/console/confirm-dialog';
import { ErrorLine } from '../../../_components/console/error-line';

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
      <h3>Checkout</h3>
      <form
        className="console-form is-grid"
        aria-label="Checkout"
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ merchantId, settings: { checkoutDisplayName: form.name, checkoutAccentColor: form.accent, askPayerName: form.ask } }, { onSuccess: () => setDraft(null) });
        }}
      >
        <label>
          Display name (empty: {merchantName})
          <input maxLength={60} value={form.name} onChange={(e) => edit({ name: e.target.value })} />
        </label>
        <label>
          Accent colour (#rrggbb, empty: default)
          <input className="mono" value={form.accent} onChange={(e) => edit({ accent: e.target.value })} />
        </label>
        <label>
          <input type="checkbox" checked={form.ask} onChange={(e) => edit({ ask: e.target.checked })} /> Ask the buyer for the payer’s name
        </label>
        <button type="submit" className="button is-primary" disabled={update.isPending}>
          Save checkout
        </button>
      </form>
      <ErrorLine error={update.error} />
      {update.isSuccess && !draft ? (
        <p role="status" className="console-ok">
          Checkout saved.
        </p>
      ) : null}
      <form
        className="console-bar"
        aria-label="Checkout logo"
        onSubmit={(event) => {
          event.preventDefault();
          const file = fileRef.current?.files?.[0];
          if (file) void base64Of(file).then((imageBase64) => setLogo.mutate({ merchantId, imageBase64 }));
        }}
      >
        <label>
          Logo (PNG, JPEG or WebP, at most 5 MB)
          <input ref={fileRef} type="file" accept="image/png,image/jpeg,image/webp" required />
        </label>
        <button type="submit" className="button is-primary" disabled={setLogo.isPending}>
          Upload logo
        </button>
        <ConfirmButton
          disabled={setLogo.isPending}
          title={`Remove ${merchantName}'s checkout logo?`}
          consequence="Buyers see the display name alone from their next page load."
          confirmLabel="Remove logo"
          onConfirm={() => setLogo.mutate({ merchantId, imageBase64: null })}
        >
          Remove logo
        </ConfirmButton>
      </form>
      <ErrorLine error={setLogo.error} />
      {setLogo.data ? (
        <p role="status" className="console-ok">
          {setLogo.data.hasLogo ? 'Logo saved.' : 'Logo removed.'}
        </p>
      ) : null}
    </>
  );
}
