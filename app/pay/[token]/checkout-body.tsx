'use client';

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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
import { useServerNow } from './use-server-now';

const POLL_MS = 3000;

const isNotFound = (error: CheckoutError | null) => error?.data?.code === 'ORDER_NOT_FOUND';

function shouldPoll(view: CheckoutView | undefined, error: CheckoutError | null): boolean {
  if (isNotFound(error)) return false;
  return view === undefined || !isTerminal(view.status);
}

/** Loads the view, keeps it live by polling until the order is final, and shows its screen. */
export function CheckoutBody({ token, toolbar }: { token: string; toolbar: ReactNode }) {
  const { t } = useMessages();
  const trpc = useTRPC();
  const query = useQuery(
    trpc.checkout.view.queryOptions(
      { token },
      {
        refetchInterval: (current) => (shouldPoll(current.state.data, current.state.error) ? POLL_MS : false),
        retry: (failures, error) => !isNotFound(error) && failures < 2,
      },
    ),
  );
  const view = query.data;
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
        <ProgressSteps screen={screen} />
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
      </>
    );
  } else if (query.error) {
    content = <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else {
    content = <LoadingState />;
  }

  return (
    <>
      <header className="checkout-head">
        {view?.merchantName && !isNotFound(query.error) ? <p className="checkout-merchant-name">{t.paymentTo(view.merchantName)}</p> : null}
        {toolbar}
        {view && !isNotFound(query.error) ? <OrderNumber orderNo={view.orderNo} /> : null}
      </header>
      {content}
    </>
  );
}
