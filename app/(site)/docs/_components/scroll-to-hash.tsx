'use client';

import { useEffect } from 'react';

/**
 * The browser scrolls to a link's #fragment when the page loads, before the example tabs fold
 * their panels; the text above the target then shrinks and the reader lands past it. Once the
 * page has settled (two frames after hydration), the target is scrolled into view again.
 */
export function ScrollToHash() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return null;
}
