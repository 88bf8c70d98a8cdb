'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { usePathname, useRouter } from 'next/navigation';
import { createContext, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { formatCny } from '../../../common/amount-display';
import { useTRPC } from '../../_trpc/client';
import { playChime, unlockChime } from './chime';
import { useTraderMessages } from './messages-context';

/** The pool's first page, watched on every dashboard page; the pool page reads the same query. */
export const POOL_PAGE_SIZE = 20;
/** How often lists are read again while the event stream is down (the fallback). */
const FALLBACK_POLL_MS = 5_000;
const MUTED_KEY = 'corridor.trader.muted';
const POOL_PATH = '/trader/pool';

type NotifyState = 'unsupported' | 'default' | 'granted' | 'denied';

interface LivePool {
  /** True while the event stream is open: lists stop polling and refresh on its events. */
  live: boolean;
  /** Tasks that arrived since the trader last looked at the pool (the title count). */
  unseen: number;
  muted: boolean;
  toggleMuted: () => void;
  notify: NotifyState;
  askNotify: () => void;
}

const LivePoolContext = createContext<LivePool>({
  live: false,
  unseen: 0,
  muted: false,
  toggleMuted: () => {},
  notify: 'unsupported',
  askNotify: () => {},
});

export function useLivePool() {
  return useContext(LivePoolContext);
}

/** The refetch interval of a list: none while the stream tells us about changes, else polling. */
export function useFallbackInterval(): number | false {
  return useLivePool().live ? false : FALLBACK_POLL_MS;
}

/**
 * Opens /trader/events (server-sent events) once per tab and refreshes the pool and overview on
 * each `pool` event; while the stream is down (EventSource retries by itself) lists poll instead.
 * Returns whether the stream is open.
 */
function usePoolStream(onChange: () => void): boolean {
  const [live, setLive] = useState(false);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  }, [onChange]);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/trader/events');
    const refresh = () => change.current();
    // `ready` also follows each reconnect: read once to catch what happened while it was down.
    const ready = () => {
      setLive(true);
      refresh();
    };
    const down = () => setLive(false);
    source.addEventListener('ready', ready);
    source.addEventListener('pool', refresh);
    source.addEventListener('error', down);
    return () => {
      source.close();
      setLive(false);
    };
  }, []);
  return live;
}

/** Puts "(n) " before the page's title while n > 0, and keeps it there when Next changes the title on navigation. */
function useTitleCount(count: number) {
  useEffect(() => {
    const strip = (title: string) => title.replace(/^\(\d+\) /, '');
    const apply = () => {
      // Mid-refresh Next may have removed the old <title> before streaming the new one; writing
      // document.title then would create a stray, second <title> that outlives Next's own.
      if (!strip(document.title)) return;
      const wanted = count > 0 ? `(${count}) ${strip(document.title)}` : strip(document.title);
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = strip(document.title);
    };
  }, [count]);
}

function notifyStateNow(): NotifyState {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  return Notification.permission === 'default' ? 'default' : Notification.permission;
}

// The mute choice (this device's localStorage) and the notification permission, read as external
// stores: the server renders "not muted, no notifications" and the browser's answer follows.
const settingsListeners = new Set<() => void>();
function subscribeSettings(listener: () => void) {
  settingsListeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    settingsListeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
const settingsChanged = () => settingsListeners.forEach((listener) => listener());
const mutedNow = () => window.localStorage.getItem(MUTED_KEY) === '1';

/**
 * Live pool and new-task alerts for every dashboard page: the event stream (or polling), a count
 * in the tab title and on the nav, a chime made with Web Audio (no sound file; mute is remembered
 * on this device), and a system notification when the trader allowed them.
 */
export function LivePoolProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const pathname = usePathname();
  const { lang, t } = useTraderMessages();

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.trader.pool.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.trader.overview.queryKey() });
  }, [queryClient, trpc]);
  const live = usePoolStream(refresh);
  const pool = useQuery(trpc.trader.pool.queryOptions({ page: 1, pageSize: POOL_PAGE_SIZE }, { refetchInterval: live ? false : FALLBACK_POLL_MS }));

  const muted = useSyncExternalStore(subscribeSettings, mutedNow, () => false);
  const notify = useSyncExternalStore(subscribeSettings, notifyStateNow, (): NotifyState => 'unsupported');
  const [unseen, setUnseen] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const known = useRef<Set<string> | null>(null);

  useEffect(() => {
    // Browsers start audio only after a gesture: the first click or key on the page unlocks it.
    const unlock = () => unlockChime();
    window.addEventListener('pointerdown', unlock, { once: true });
    window.addEventListener('keydown', unlock, { once: true });
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
  }, []);

  const lookingAtPool = useCallback(() => pathname === POOL_PATH && document.visibilityState === 'visible', [pathname]);

  // New tasks: ids not seen in an earlier answer. The first answer is the starting point, not news.
  useEffect(() => {
    const items = pool.data?.items;
    if (!items) return;
    const ids = new Set(items.map((task) => task.orderId));
    if (known.current === null) {
      known.current = ids;
      return;
    }
    const fresh = items.filter((task) => !known.current!.has(task.orderId));
    for (const id of ids) known.current.add(id);
    setUnseen((current) => {
      const stillOpen = current.filter((id) => ids.has(id));
      return lookingAtPool() ? [] : [...stillOpen, ...fresh.map((task) => task.orderId).filter((id) => !stillOpen.includes(id))];
    });
    if (fresh.length === 0) return;
    setAnnouncement(t.alerts.newTasks(fresh.length));
    if (!mutedNow()) playChime();
    if (notifyStateNow() === 'granted' && !lookingAtPool()) {
      const first = fresh[0]!;
      const shown = new Notification(t.alerts.notificationTitle(fresh.length), {
        body: t.alerts.notificationBody(formatCny(first.fiatAmount), first.bankName),
        tag: 'corridor-pool',
        lang: lang === 'zh' ? 'zh-CN' : 'en',
      });
      shown.onclick = () => {
        window.focus();
        router.push(POOL_PATH);
        shown.close();
      };
    }
  }, [pool.data, lookingAtPool, t, lang, router]);

  // Looking at the pool clears the count, now and whenever the tab comes back into view.
  useEffect(() => {
    const clearIfLooking = () => {
      if (lookingAtPool()) setUnseen([]);
    };
    clearIfLooking();
    document.addEventListener('visibilitychange', clearIfLooking);
    return () => document.removeEventListener('visibilitychange', clearIfLooking);
  }, [lookingAtPool]);

  useTitleCount(unseen.length);

  const toggleMuted = useCallback(() => {
    const next = !mutedNow();
    window.localStorage.setItem(MUTED_KEY, next ? '1' : '0');
    settingsChanged();
    if (!next) {
      unlockChime();
      playChime();
    }
  }, []);

  const askNotify = useCallback(() => {
    if (notifyStateNow() !== 'default') return;
    void Notification.requestPermission().then(settingsChanged);
  }, []);

  return (
    <LivePoolContext.Provider value={{ live, unseen: unseen.length, muted, toggleMuted, notify, askNotify }}>
      {children}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </LivePoolContext.Provider>
  );
}

/** The bar's switches: the chime (remembered), and desktop alerts (asked for on this click). */
export function AlertControls() {
  const { t } = useTraderMessages();
  const { muted, toggleMuted, notify, askNotify, live } = useLivePool();
  return (
    <div className="trader-alert-controls" role="group" aria-label={t.alerts.group}>
      <button type="button" className="trader-button is-small" aria-pressed={!muted} onClick={toggleMuted}>
        {t.alerts.sound}
      </button>
      {notify === 'default' ? (
        <button type="button" className="trader-button is-small" onClick={askNotify}>
          {t.alerts.notify}
        </button>
      ) : null}
      {notify === 'granted' ? <span className="trader-hint">{t.alerts.notifyOn}</span> : null}
      {notify === 'denied' ? <span className="trader-hint">{t.alerts.notifyBlocked}</span> : null}
      <span className={`trader-live${live ? ' is-live' : ''}`} data-testid="live-state">
        {live ? t.alerts.live : t.alerts.polling}
      </span>
    </div>
  );
}
