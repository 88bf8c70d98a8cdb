import type { Metadata } from 'next';
import { requireUser } from '../../_auth/require-user';
import { PayoutList } from './payout-list';

export const metadata: Metadata = { title: 'My payouts', robots: { index: false } };

export default async function MyPayoutsPage() {
  await requireUser('trader', '/trader/payouts');
  return (
    <section className="trader-page">
      <h1>My payouts</h1>
      <p className="trader-muted">
        Transfer the amount to the recipient before the countdown ends, then upload 1 to 3 images of the transfer. The full
        account number is shown only while your transfer is due, and each view is recorded.
      </p>
      <PayoutList />
    </section>
  );
}
