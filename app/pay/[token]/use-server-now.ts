'use client';

import { useEffect, useState } from 'react';

const TICK_MS = 500;

/**
 * The server's current time, ticking: the offset between the server's clock and this device's is
 * taken when each view arrives, so a phone clock that is hours off still counts down correctly.
 * Null until the first tick in the browser (the server's render and the hydration use the view's
 * own serverTime instead), or when nothing on the page depends on time.
 */
export function useServerNow(serverTime: string | undefined, receivedAt: number, active: boolean): number | null {
  const [deviceNow, setDeviceNow] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return;
    const tick = () => setDeviceNow(Date.now());
    tick();
    // Half a second, so the displayed seconds never visibly skip when the tick drifts.
    const interval = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(interval);
  }, [active]);
  if (serverTime === undefined || !active || deviceNow === null) return null;
  return Math.max(deviceNow, receivedAt) + (Date.parse(serverTime) - receivedAt);
}
