'use client';

import { CompletedScreen } from './completed-screen';
import { DisputedScreen } from './disputed-screen';
import { EvidenceRequestNote } from './evidence-request-note';
import { ExpiredScreen } from './expired-screen';
import { FailedScreen } from './failed-screen';
import { MatchingScreen } from './matching-screen';
import { PayScreen } from './pay-screen';
import { ReleasingScreen } from './releasing-screen';
import type { Screen } from './screen-of';
import { SplitRulingScreen } from './split-ruling-screen';
import { SubmittedScreen } from './submitted-screen';
import type { CheckoutView } from './types';

export function CheckoutScreen({ screen, token, view, now }: { screen: Screen; token: string; view: CheckoutView; now: number | null }) {
  // Before the first tick the view's own serverTime is the best "now" there is.
  const remainingMs = Date.parse(view.expiresAt) - (now ?? Date.parse(view.serverTime));
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
          <EvidenceRequestNote token={token} />
        </>
      );
    case 'failed':
      return <FailedScreen view={view} />;
  }
}
