'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { Lang } from './language';
import { messages, type Messages } from './messages';

const MessagesContext = createContext<{ lang: Lang; t: Messages }>({ lang: 'en', t: messages.en });

export function MessagesProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  return <MessagesContext.Provider value={{ lang, t: messages[lang] }}>{children}</MessagesContext.Provider>;
}

export function useMessages() {
  return useContext(MessagesContext);
}
