'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * Server-sent events from /pay/:token/events while `active`: `onChange` runs on each change of the
 * order. Returns whether the stream is open; while it is not (not yet connected, reconnecting,
 * refused, or no EventSource at all) the caller polls instead (docs/architecture.md, "Live
 * checkout status").
 */
export function useLiveStatus(token: string, active: boolean, onChange: () => void): boolean {
  const [open, setOpen] = useState(false);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!active || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/pay/${encodeURIComponent(token)}/events`);
    source.addEventListener('open', () => setOpen(true));
    source.addEventListener('change', () => onChangeRef.current());
    // Reconnecting (EventSource retries by itself) or given up: poll meanwhile.
    source.addEventListener('error', () => setOpen(false));
    return () => {
      source.close();
      setOpen(false);
    };
  }, [token, active]);

  return open;
}
