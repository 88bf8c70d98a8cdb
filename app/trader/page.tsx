import type { Metadata } from 'next';
import { SignInNotice } from '../_components/sign-in-notice';

export const metadata: Metadata = { title: 'Trader dashboard' };

export default function TraderPage() {
  return (
    <div className="prose">
      <h1>Trader dashboard</h1>
      <p className="lead">
        Traders are Corridor’s liquidity providers: they make the CNY bank transfers of payouts, receive the buyers’
        transfers of pay-ins, and are paid in USDT.
      </p>
      <h2>What the dashboard offers</h2>
      <ul className="feature-list">
        <li>
          <strong>Quotes.</strong> Publish the rate at which you exchange CNY and USDT; Corridor matches orders against
          the traders’ quotes and locks the rate when an order is created.
        </li>
        <li>
          <strong>Payout tasks.</strong> Accept a task, see the recipient’s bank details while your transfer is due (30
          minutes by default), transfer the CNY and upload 1 to 3 images of the transfer proof. When the merchant
          confirms, the frozen USDT is released to you.
        </li>
        <li>
          <strong>Pay-in confirmations.</strong> When a buyer reports a payment to your bank account, check that it
          arrived and release the USDT you hold in escrow to the merchant.
        </li>
        <li>
          <strong>Balances and history.</strong> Your available and escrowed USDT, every order you took part in, its
          deadlines and its timeline.
        </li>
      </ul>
      <p>
        Card numbers stay encrypted: a recipient’s full number is shown only to the trader assigned to that payout, only
        while the transfer is awaited, and every view is written to the audit log.
      </p>
      <SignInNotice />
    </div>
  );
}
