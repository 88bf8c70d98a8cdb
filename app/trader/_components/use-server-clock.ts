'use client';

import { useEffect, useState } from 'react';

/**
 * The server's current time in ms, ticking each second while `active`: the offset between the
 * server's clock (serverTime of the last answer) and this device's is applied, so a wrong phone
 * clock does not shift the countdowns.
 */
export function useServerClock(serverTime: string | undefined, receivedAt: number, active: boolean): number | null {
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setDeviceNow(Date.now());
    tick();
    const interval = window.setInterval(tick, 1000);
    return () => window.clearInterval(interval);
  }, [active]);
  if (!serverTime || !active) return null;
  return Math.max(deviceNow, receivedAt) + (Date.parse(serverTime) - receivedAt);
}
