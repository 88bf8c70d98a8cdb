'use client';

import { useState } from 'react';
import { isOpen } from './screen-of';
import type { CheckoutView } from './types';

/**
 * Whether the payment deadline has passed. Once the countdown reaches zero it stays there: a later
 * view from a server whose clock disagrees with the device must not reopen a payment the buyer
 * was told has expired (and the server refuses it past expiresAt anyway).
 */
export function useDeadlinePassed(view: CheckoutView | undefined, serverNow: number | null): boolean {
  const [latched, setLatched] = useState(false);
  const passed = view !== undefined && serverNow !== null && isOpen(view.status) && serverNow >= Date.parse(view.expiresAt);
  if (passed && !latched) setLatched(true);
  return passed || latched;
}
