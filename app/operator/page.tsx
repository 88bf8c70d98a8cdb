import type { Metadata } from 'next';
import { SignInNotice } from '../_components/sign-in-notice';

export const metadata: Metadata = { title: 'Operator console' };

export default function OperatorPage() {
  return (
    <div className="prose">
      <h1>Operator console</h1>
      <p className="lead">
        Operators run a Corridor installation: they bring merchants and traders on board, keep the money correct and
        decide disputes.
      </p>
      <h2>What the console offers</h2>
      <ul className="feature-list">
        <li>
          <strong>Disputes.</strong> Review a disputed payout or pay-in with its transfer proof and timeline, and decide
          it.
        </li>
        <li>
          <strong>Merchants and traders.</strong> Create and suspend accounts, issue and revoke merchant API keys, and
          set each merchant’s fee per flow.
        </li>
        <li>
          <strong>Orders that need attention.</strong> Payouts no trader has accepted, overdue transfers, and webhook
          deliveries that failed and can be sent again.
        </li>
        <li>
          <strong>Ledger and rates.</strong> Credit balances, inspect the double-entry ledger and its invariants, and set
          a manual reference rate.
        </li>
      </ul>
      <p>Every operator action is validated and written to the audit log, whether it comes from the console or the CLI.</p>
      <SignInNotice />
    </div>
  );
}
