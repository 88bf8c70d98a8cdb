'use client';

import { useState } from 'react';
import type { Screen } from './screen-of';

/** True once the page shows a different screen from the first one it showed. */
export function useScreenChanged(screen: Screen | null): boolean {
  const [first, setFirst] = useState<Screen | null>(null);
  if (screen !== null && first === null) setFirst(screen);
  return first !== null && screen !== first;
}
