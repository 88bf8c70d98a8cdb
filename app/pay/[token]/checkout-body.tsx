'use client';

import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTRPC } from '../../_trpc/client';
import { CheckoutScreen } from './checkout-screen';
import { InvalidLink } from './invalid-link';
import { useMessages } from './messages-context';
import { OrderNumber } from './order-number';
import { ProgressSteps } from './progress-steps';
import { ScreenChangedContext, SCREEN_HEADING_ID } from './screen-heading';
import { isOpen, isTerminal, screenOf } from './screen-of';
import type { CheckoutError, CheckoutView, InitialCheckout } from './types';
import { useDeadlinePassed } from './use-deadline-passed';
import { useScreenChanged } from './use-screen-changed';
import { useLiveStatus } from './use-live-status';
import { useServerNow } from './use-server-now';

/** Only while the live stream is down (docs/architecture.md, "Live checkout status"). */
const POLL_MS = 3000;

const isNotFound = (error: CheckoutError | null) => error?.data?.code === 'ORDER_NOT_FOUND';

function stillChanging(view: CheckoutView | undefined, error: CheckoutError | null): boolean {
  if (isNotFound(error)) return false;
  return view === undefined || !isTerminal(view.status);
}

/**
 * When, on this device's clock, the server-rendered view arrived: the first byte of the page's own
 * response. The server's clock is compared with the device's from it (use-server-now.ts).
 */
function pageArrivedAt(): number {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return Date.now();
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation && navigation.responseStart > 0 ? performance.timeOrigin + navigation.responseStart : Date.now();
}

/**
 * Shows the order's screen from the view the server rendered, then keeps it live until the order
 * is final: server-sent events say when it changed, and polling takes over while the stream is
 * not open.
 */
export function CheckoutBody({ token, initial }: { token: string; initial: InitialCheckout }) {
  const { t } = useMessages();
  const trpc = useTRPC();
  const [live, setLive] = useState(false);
  const query = useQuery(
    trpc.checkout.view.queryOptions(
      { token },
      {
        // The server's answer of a moment ago: not asked again on load; the event stream says
        // when it changes (its first event closes the gap between the render and the stream).
        initialData: initial.view,
        initialDataUpdatedAt: pageArrivedAt,
        refetchOnMount: false,
        refetchInterval: (current) => (!live && stillChanging(current.state.data, current.state.error) ? POLL_MS : false),
        retry: (failures, error) => !isNotFound(error) && failures < 2,
      },
    ),
  );
  const view = query.data;
  const refetch = query.refetch;
  const onChange = useCallback(() => void refetch(), [refetch]);
  const streamOpen = useLiveStatus(token, stillChanging(view, query.error), onChange);
  // The query's options read it on their next render: polling stops while the stream is open.
  if (streamOpen !== live) setLive(streamOpen);
  const timed = isOpen(view.status) || view.status === 'PAYMENT_SUBMITTED';
  const ticking = useServerNow(view.serverTime, query.dataUpdatedAt, timed);
  // Until the clock ticks in the browser, the view's own serverTime: the server's HTML and the
  // browser's first render then agree to the second (no hydration mismatch, nothing redrawn).
  const now = ticking ?? Date.parse(view.serverTime);
  const deadlinePassed = useDeadlinePassed(view, now);
  const screen = screenOf(view.status, deadlinePassed);
  const changed = useScreenChanged(screen);

  if (isNotFound(query.error)) return <InvalidLink />;
  return (
    <>
      {query.isRefetchError ? (
        <p className="checkout-connection" role="status">
          {t.connectionLost}
        </p>
      ) : null}
      <ScreenChangedContext.Provider value={changed}>
        <section key={screen} className="checkout-card" aria-labelledby={SCREEN_HEADING_ID}>
          <CheckoutScreen screen={screen} token={token} view={view} now={now} evidenceRequests={initial.evidenceRequests} />
        </section>
      </ScreenChangedContext.Provider>
      {/* Below the card: the buyer needs the payment first, the progress and the number after. */}
      <ProgressSteps screen={screen} />
      <OrderNumber orderNo={view.orderNo} />
    </>
  );
}
