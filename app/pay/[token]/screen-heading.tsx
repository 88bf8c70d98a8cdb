'use client';

import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useAnnounce } from './announcer';

/** True once the page has moved past the screen it first showed. */
export const ScreenChangedContext = createContext(false);

export const SCREEN_HEADING_ID = 'checkout-heading';

/**
 * The h1 of each screen. When the screen changes under the buyer (their action, polling, the
 * deadline), it takes focus if the focused element went away with the old screen, so keyboard and
 * screen reader users land on the news; otherwise the news is announced and focus stays put.
 */
export function ScreenHeading({ children }: { children: ReactNode }) {
  const changed = useContext(ScreenChangedContext);
  const announce = useAnnounce();
  const ref = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const heading = ref.current;
    if (!changed || !heading) return;
    const active = document.activeElement;
    if (!active || active === document.body) heading.focus();
    else announce(heading.textContent ?? '');
  }, [changed, announce]);

  return (
    <h1 id={SCREEN_HEADING_ID} ref={ref} tabIndex={-1} className="checkout-heading">
      {children}
    </h1>
  );
}
