'use client';

import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Lang } from './language';
import { messages, type Messages } from './messages';
import { SERVER_TIME_ZONE } from './time-zone';

/** `timeZone`: the zone times are shown in; undefined is the device's own. */
const MessagesContext = createContext<{ lang: Lang; t: Messages; timeZone: string | undefined }>({ lang: 'en', t: messages.en, timeZone: undefined });

const noSubscription = () => () => {};

/**
 * The buyer's language, and the zone for times: the server's render and the hydration use
 * `renderTimeZone` (the zone the browser reported earlier, else UTC), so both spell every time
 * alike; right after hydration the device's own zone takes over (time-zone.ts).
 */
export function MessagesProvider({ lang, renderTimeZone = SERVER_TIME_ZONE, children }: { lang: Lang; renderTimeZone?: string; children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return <MessagesContext.Provider value={{ lang, t: messages[lang], timeZone: hydrated ? undefined : renderTimeZone }}>{children}</MessagesContext.Provider>;
}

export function useMessages() {
  return useContext(MessagesContext);
}
