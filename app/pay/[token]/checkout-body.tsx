'use client';

import { useQuery } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { useTRPC } from '../../_trpc/client';
import { CheckoutScreen } from './checkout-screen';
import { InvalidLink } from './invalid-link';
import { LoadError } from './load-error';
import { LoadingState } from './loading-state';
import { useMessages } from './messages-context';
import { OrderNumber } from './order-number';
import { ProgressSteps } from './progress-steps';
import { ScreenChangedContext, SCREEN_HEADING_ID } from './screen-heading';
import { isOpen, isTerminal, screenOf } from './screen-of';
import type { CheckoutError, CheckoutView } from './types';
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
 * Loads the view and keeps it live until the order is final: server-sent events say when it
 * changed, and polling takes over while the stream is not open. Then shows its screen.
 */
export function CheckoutBody({ token }: { token: string }) {
  const { t } = useMessages();
  const trpc = useTRPC();
  const [live, setLive] = useState(false);
  const query = useQuery(
    trpc.checkout.view.queryOptions(
      { token },
      {
        refetchInterval: (current) => (!live && stillChanging(current.state.data, current.state.error) ? POLL_MS : false),
        retry: (failures, error) => !isNotFound(error) && failures < 2,
      },
    ),
  );
  const view = query.data;
  const refetch = query.refetch;
  const onChange = useCallback(() => void refetch(), [refetch]);
  const streamOpen = useLiveStatus(token, view !== undefined && stillChanging(view, query.error), onChange);
  // The query's options read it on their next render: polling stops while the stream is open.
  if (streamOpen !== live) setLive(streamOpen);
  const timed = view !== undefined && (isOpen(view.status) || view.status === 'PAYMENT_SUBMITTED');
  const now = useServerNow(view?.serverTime, query.dataUpdatedAt, timed);
  const deadlinePassed = useDeadlinePassed(view, now);
  const screen = view ? screenOf(view.status, deadlinePassed) : null;
  const changed = useScreenChanged(screen);

  let content: ReactNode;
  if (isNotFound(query.error)) {
    content = <InvalidLink />;
  } else if (view && screen) {
    content = (
      <>
        {query.isRefetchError ? (
          <p className="checkout-connection" role="status">
            {t.connectionLost}
          </p>
        ) : null}
        <ScreenChangedContext.Provider value={changed}>
          <section key={screen} className="checkout-card" aria-labelledby={SCREEN_HEADING_ID}>
            <CheckoutScreen screen={screen} token={token} view={view} now={now} />
          </section>
        </ScreenChangedContext.Provider>
        {/* Below the card: the buyer needs the payment first, the progress and the number after. */}
        <ProgressSteps screen={screen} />
        <OrderNumber orderNo={view.orderNo} />
      </>
    );
  } else if (query.error) {
    content = <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else {
    content = <LoadingState />;
  }

  return content;
}
