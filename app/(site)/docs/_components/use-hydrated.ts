'use client';

import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the server's HTML and during hydration, true once the page's script runs. Controls that
 * need script (tabs, the menu button) show only then; before, the content they would hide stays
 * visible, so a page whose script has not loaded still reads whole.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
