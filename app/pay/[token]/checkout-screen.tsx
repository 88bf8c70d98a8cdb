'use client';

import { CompletedScreen } from './completed-screen';
import { DisputedScreen } from './disputed-screen';
import { EvidenceRequestNote } from './evidence-request-note';
import { BuyerConversation } from './buyer-conversation';
import { ExpiredScreen } from './expired-screen';
import { FailedScreen } from './failed-screen';
import { MatchingScreen } from './matching-screen';
import { PayScreen } from './pay-screen';
import { ReleasingScreen } from './releasing-screen';
import type { Screen } from './screen-of';
import { SplitRulingScreen } from './split-ruling-screen';
import { SubmittedScreen } from './submitted-screen';
import type { CheckoutView, EvidenceRequests } from './types';

/** `now` is the server's time; `evidenceRequests` what the server rendered for a disputed order. */
export function CheckoutScreen({
  screen,
  token,
  view,
  now,
  evidenceRequests,
}: {
  screen: Screen;
  token: string;
  view: CheckoutView;
  now: number;
  evidenceRequests: EvidenceRequests | null;
}) {
  const remainingMs = Date.parse(view.expiresAt) - now;
  switch (screen) {
    case 'matching':
      return <MatchingScreen token={token} view={view} remainingMs={remainingMs} />;
    case 'pay':
      return <PayScreen token={token} view={view} remainingMs={remainingMs} />;
    case 'submitted':
      return <SubmittedScreen token={token} view={view} now={now} />;
    case 'releasing':
    case 'settling':
      return <ReleasingScreen view={view} />;
    case 'completed':
      // An operator's split completes the order for part of the amount: said as such, never as paid in full.
      return view.ruling?.outcome === 'split' ? <SplitRulingScreen view={view} split={view.ruling} /> : <CompletedScreen view={view} />;
    case 'expired':
      return <ExpiredScreen view={view} />;
    case 'disputed':
      return (
        <>
          <DisputedScreen token={token} view={view} />
          <EvidenceRequestNote token={token} initial={evidenceRequests} />
          <BuyerConversation token={token} />
        </>
      );
    case 'failed':
      return <FailedScreen view={view} />;
  }
}
