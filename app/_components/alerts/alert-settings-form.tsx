'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Lang } from '../../pay/[token]/language';
import { useTRPC } from '../../_trpc/client';
import { ConfirmDialog } from '../console/confirm-dialog';
import { ErrorLine } from '../console/error-line';
import { PageLangProvider } from '../page-lang';
import { ALERT_KIND_ORDER, alertSettingsMessages } from './alert-settings-messages';

type Kind = (typeof ALERT_KIND_ORDER)[number];

const toTime = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const toMinute = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};
const shown = (iso: string, lang: Lang) => new Date(iso).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function TelegramLink({ lang }: { lang: Lang }) {
  const t = alertSettingsMessages[lang];
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.alerts.settings.queryOptions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.alerts.settings.queryKey() });
  const code = useMutation(trpc.alerts.telegramLinkCode.mutationOptions());
  const unlink = useMutation(trpc.alerts.unlinkTelegram.mutationOptions({ onSuccess: refresh }));
  const [confirming, setConfirming] = useState(false);
  // The bot links the chat while the code is on screen: look again now and then until it has.
  const waiting = code.isSuccess && !settings.data?.telegramLinkedAt;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(refresh, 5_000);
    return () => clearInterval(timer);
  });
  const linkedAt = settings.data?.telegramLinkedAt;
  return (
    <section aria-labelledby="alerts-telegram">
      <h2 id="alerts-telegram">{t.telegram}</h2>
      <p role="status">{linkedAt ? t.linked(shown(linkedAt, lang)) : unlink.isSuccess ? t.unlinked : t.notLinked}</p>
      {linkedAt ? (
        <button type="button" onClick={() => setConfirming(true)} disabled={unlink.isPending}>
          {t.unlink}
        </button>
      ) : (
        <>
          <button type="button" onClick={() => code.mutate({})} disabled={code.isPending}>
            {t.getCode}
          </button>
          {code.data ? (
            <div>
              <p>
                {t.codeIs}: <code>{code.data.code}</code>
              </p>
              <p>{t.instructions(code.data.code)}</p>
              {code.data.startLink ? (
                <p>
                  <a href={code.data.startLink} target="_blank" rel="noreferrer">
                    {t.openBot}
                  </a>
                </p>
              ) : null}
              <p>{t.expires(shown(code.data.expiresAt, lang))}</p>
            </div>
          ) : null}
        </>
      )}
      <ErrorLine error={code.error ?? unlink.error} />
      <ConfirmDialog
        open={confirming}
        title={t.unlinkTitle}
        consequence={t.unlinkConsequence}
        confirmLabel={t.unlink}
        onConfirm={() => {
          setConfirming(false);
          unlink.mutate({});
        }}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

type PushState = 'checking' | 'unsupported' | 'denied' | 'on' | 'off';

/** The applicationServerKey as the Push API takes it. */
const keyBytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** Whether this browser can take push, may, and already does (a subscription under the alerts worker). */
async function pushStateOfBrowser(): Promise<PushState> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ? 'on' : 'off';
}

function PushToggle({ lang }: { lang: Lang }) {
  const t = alertSettingsMessages[lang];
  const trpc = useTRPC();
  const key = useQuery(trpc.alerts.pushKey.queryOptions());
  const subscribe = useMutation(trpc.alerts.subscribePush.mutationOptions());
  const unsubscribe = useMutation(trpc.alerts.unsubscribePush.mutationOptions());
  const [state, setState] = useState<PushState>('checking');
  useEffect(() => {
    void pushStateOfBrowser().then(setState);
  }, []);
  const enable = async () => {
    if (!key.data) return;
    if ((await Notification.requestPermission()) !== 'granted') {
      setState('denied');
      return;
    }
    const registration = await navigator.serviceWorker.register('/alerts-sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key.data.publicKey) });
    const json = subscription.toJSON();
    await subscribe.mutateAsync({ endpoint: json.endpoint ?? '', keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } });
    setState('on');
  };
  const disable = async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = await registration?.pushManager.getSubscription();
    if (subscription) {
      await unsubscribe.mutateAsync({ endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    setState('off');
  };
  const text = { checking: t.loading, unsupported: t.pushUnsupported, denied: t.pushDenied, on: t.pushOn, off: t.pushOff }[state];
  return (
    <section aria-labelledby="alerts-push">
      <h2 id="alerts-push">{t.push}</h2>
      <p role="status">{text}</p>
      {state === 'off' ? (
        <button type="button" onClick={() => void enable().catch(() => undefined)} disabled={!key.data || subscribe.isPending}>
          {t.pushEnable}
        </button>
      ) : null}
      {state === 'on' ? (
        <button type="button" onClick={() => void disable().catch(() => undefined)} disabled={unsubscribe.isPending}>
          {t.pushDisable}
        </button>
      ) : null}
      <ErrorLine error={subscribe.error ?? unsubscribe.error} />
    </section>
  );
}

function SettingsForm({ lang }: { lang: Lang }) {
  const t = alertSettingsMessages[lang];
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.alerts.settings.queryOptions());
  const save = useMutation(
    trpc.alerts.updateSettings.mutationOptions({ onSuccess: (data) => queryClient.setQueryData(trpc.alerts.settings.queryKey(), (old) => (old ? { ...old, ...data } : old)) }),
  );
  const [muted, setMuted] = useState<Kind[] | null>(null);
  const [language, setLanguage] = useState<Lang | null>(null);
  const [quiet, setQuiet] = useState<{ on: boolean; from: string; to: string } | null>(null);
  const [timeZone, setTimeZone] = useState<string | null>(null);
  if (settings.isPending) return <p>{t.loading}</p>;
  if (settings.isError) return <p role="alert">{t.loadError}</p>;
  const data = settings.data;
  const current = {
    muted: muted ?? data.mutedKinds,
    language: language ?? data.language,
    quiet: quiet ?? { on: data.quietHours !== null, from: toTime(data.quietHours?.fromMinute ?? 1320), to: toTime(data.quietHours?.toMinute ?? 420) },
    timeZone: timeZone ?? data.timeZone,
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      mutedKinds: current.muted,
      language: current.language,
      quietHours: current.quiet.on ? { fromMinute: toMinute(current.quiet.from), toMinute: toMinute(current.quiet.to) } : null,
      timeZone: current.timeZone.trim(),
    });
  };
  return (
    <section aria-labelledby="alerts-settings">
      <h2 id="alerts-settings">{t.settings}</h2>
      <form onSubmit={submit} className="alert-settings">
        <fieldset>
          <legend>{t.kindsLegend}</legend>
          {ALERT_KIND_ORDER.map((kind) => (
            <label key={kind}>
              <input
                type="checkbox"
                checked={!current.muted.includes(kind)}
                onChange={(event) => setMuted(event.target.checked ? current.muted.filter((k) => k !== kind) : [...current.muted, kind])}
              />{' '}
              {t.kinds[kind]}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${id}-language`}>{t.language}</label>
        <select id={`${id}-language`} value={current.language} onChange={(event) => setLanguage(event.target.value === 'zh' ? 'zh' : 'en')}>
          <option value="en">{t.languages.en}</option>
          <option value="zh">{t.languages.zh}</option>
        </select>
        <fieldset>
          <legend>
            <label>
              <input type="checkbox" checked={current.quiet.on} onChange={(event) => setQuiet({ ...current.quiet, on: event.target.checked })} /> {t.quiet}
            </label>
          </legend>
          <label htmlFor={`${id}-from`}>{t.quietFrom}</label>
          <input id={`${id}-from`} type="time" value={current.quiet.from} disabled={!current.quiet.on} onChange={(event) => setQuiet({ ...current.quiet, from: event.target.value })} />
          <label htmlFor={`${id}-to`}>{t.quietTo}</label>
          <input id={`${id}-to`} type="time" value={current.quiet.to} disabled={!current.quiet.on} onChange={(event) => setQuiet({ ...current.quiet, to: event.target.value })} />
        </fieldset>
        <label htmlFor={`${id}-tz`}>{t.timeZone}</label>
        <input id={`${id}-tz`} value={current.timeZone} maxLength={64} onChange={(event) => setTimeZone(event.target.value)} />
        <button type="submit" disabled={save.isPending}>
          {t.save}
        </button>
        {save.isSuccess ? <p role="status">{t.saved}</p> : null}
        <ErrorLine error={save.error} labels={{ timeZone: t.timeZone, quietHours: t.quiet, mutedKinds: t.kindsLegend, language: t.language }} />
      </form>
    </section>
  );
}

/** The Alerts section of a person's page, in the page's language: link Telegram, unlink, push on this browser, kinds, language and quiet hours. */
export function AlertSettings({ lang }: { lang: Lang }) {
  const t = alertSettingsMessages[lang];
  return (
    <PageLangProvider lang={lang}>
      <p>{t.intro}</p>
      <TelegramLink lang={lang} />
      <PushToggle lang={lang} />
      <SettingsForm lang={lang} />
    </PageLangProvider>
  );
}
