'use client';

import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

const AnnounceContext = createContext<(text: string) => void>(() => {});

/**
 * One polite live region for the whole checkout. Each message is a new node, so screen readers
 * announce "Copied" again on a second copy, which replacing the same text would not do.
 */
export function Announcer({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState({ text: '', id: 0 });
  const announce = useCallback((text: string) => setMessage((previous) => ({ text, id: previous.id + 1 })), []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div role="status" aria-live="polite" className="visually-hidden">
        {message.text ? <p key={message.id}>{message.text}</p> : null}
      </div>
    </AnnounceContext.Provider>
  );
}

export function useAnnounce() {
  return useContext(AnnounceContext);
}
