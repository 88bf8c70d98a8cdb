'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { textOnAccent } from '../../../../common/accent-contrast';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine, FieldError } from '../../../_components/console/error-line';
import { useMerchantMessages } from '../../_components/messages-context';
import { checkoutSettingsMessages } from './messages';

/** The file as base64, for the tRPC mutation (the server checks the bytes like proof images). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

export function CheckoutSettingsForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const t = checkoutSettingsMessages[useMerchantMessages().lang];
  const settings = useQuery(trpc.merchantCheckout.settings.queryOptions({}));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.merchantCheckout.settings.queryKey() });
  const update = useMutation(trpc.merchantCheckout.update.mutationOptions({ onSuccess: refresh }));
  const setLogo = useMutation(trpc.merchantCheckout.setLogo.mutationOptions());
  const [draft, setDraft] = useState<{ name: string; accent: string; ask: boolean } | null>(null);
  const [logoNotice, setLogoNotice] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), nameHint: useId(), nameError: useId(), accent: useId(), accentHint: useId(), accentError: useId(), ask: useId(), askHint: useId(), logo: useId(), logoHint: useId() };

  if (settings.isPending) return <p aria-busy="true">{t.loading}</p>;
  if (!settings.data) return <ErrorLine error={settings.error} />;
  const current = settings.data;
  const form = draft ?? { name: current.checkoutDisplayName ?? '', accent: current.checkoutAccentColor ?? '', ask: current.askPayerName };
  const edit = (patch: Partial<typeof form>) => {
    update.reset();
    setDraft({ ...form, ...patch });
  };
  const previewAccent = /^#[0-9a-fA-F]{6}$/.test(form.accent) ? form.accent : '#1849c6';

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate({ checkoutDisplayName: form.name, checkoutAccentColor: form.accent, askPayerName: form.ask }, { onSuccess: () => setDraft(null) });
  }

  async function uploadLogo(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) return setLogoNotice(t.chooseFile);
    setLogoNotice(null);
    setLogo.mutate({ imageBase64: await base64Of(file) }, { onSuccess: () => setLogoNotice(t.logoSaved) });
  }

  return (
    <>
      <form className="console-form" onSubmit={save} noValidate aria-label={t.title}>
        <div className="field">
          <label htmlFor={ids.name}>{t.displayName}</label>
          <input
            id={ids.name}
            name="checkoutDisplayName"
            maxLength={60}
            value={form.name}
            onChange={(event) => edit({ name: event.target.value })}
            aria-describedby={`${ids.nameHint} ${ids.nameError}`}
          />
          <small id={ids.nameHint}>{t.displayNameHint(current.merchantName)}</small>
          <FieldError error={update.error} path="checkoutDisplayName" id={ids.nameError} />
        </div>
        <div className="field">
          <label htmlFor={ids.accent}>{t.accent}</label>
          <input
            id={ids.accent}
            name="checkoutAccentColor"
            value={form.accent}
            placeholder="#1849c6"
            onChange={(event) => edit({ accent: event.target.value })}
            aria-describedby={`${ids.accentHint} ${ids.accentError}`}
            className="mono"
          />
          <small id={ids.accentHint}>{t.accentHint}</small>
          <FieldError error={update.error} path="checkoutAccentColor" id={ids.accentError} />
        </div>
        <div className="field">
          <label htmlFor={ids.ask}>
            <input id={ids.ask} type="checkbox" checked={form.ask} onChange={(event) => edit({ ask: event.target.checked })} aria-describedby={ids.askHint} />
            {t.askPayerName}
          </label>
          <small id={ids.askHint}>{t.askPayerNameHint}</small>
        </div>
        <p>
          {t.preview}:{' '}
          {/* The same black-or-white choice as the checkout makes for the colour. */}
          <span style={{ background: previewAccent, color: textOnAccent(previewAccent.toLowerCase()), padding: '0.25rem 0.75rem', borderRadius: 6, fontWeight: 650 }}>
            {form.name || current.merchantName}
          </span>
        </p>
        <button type="submit" className="button is-primary" disabled={update.isPending}>
          {update.isPending ? t.saving : t.save}
        </button>
        {update.isSuccess && !draft ? <p role="status">{t.saved}</p> : null}
        <ErrorLine error={update.error} labels={{ checkoutDisplayName: t.displayName, checkoutAccentColor: t.accent, askPayerName: t.askPayerName }} />
      </form>

      <form className="console-form" onSubmit={(event) => void uploadLogo(event)} noValidate aria-label={t.logo}>
        <h2>{t.logo}</h2>
        <div className="field">
          <label htmlFor={ids.logo}>{t.logoFile}</label>
          <input ref={fileRef} id={ids.logo} type="file" accept="image/png,image/jpeg,image/webp" aria-describedby={ids.logoHint} />
          <small id={ids.logoHint}>{t.logoHint}</small>
        </div>
        <button type="submit" className="button" disabled={setLogo.isPending}>
          {setLogo.isPending ? t.saving : t.uploadLogo}
        </button>{' '}
        {confirmRemove ? (
          <span role="group" aria-label={t.confirmRemove}>
            {t.confirmRemove}{' '}
            <button
              type="button"
              className="button is-danger"
              onClick={() =>
                setLogo.mutate(
                  { imageBase64: null },
                  {
                    onSuccess: () => {
                      setConfirmRemove(false);
                      setLogoNotice(t.logoRemoved);
                    },
                  },
                )
              }
            >
              {t.yesRemove}
            </button>{' '}
            <button type="button" className="button" onClick={() => setConfirmRemove(false)}>
              {t.cancel}
            </button>
          </span>
        ) : (
          <button type="button" className="button" onClick={() => setConfirmRemove(true)}>
            {t.removeLogo}
          </button>
        )}
        {logoNotice ? <p role="status">{logoNotice}</p> : null}
        <ErrorLine error={setLogo.error} labels={{ imageBase64: t.logoFile }} />
      </form>
    </>
  );
}
