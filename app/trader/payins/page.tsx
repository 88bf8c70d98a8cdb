import type { Metadata } from 'next';
import { requireUser } from '../../_auth/require-user';
import { PayinList } from './payin-list';

export const metadata: Metadata = { title: 'My pay-ins', robots: { index: false } };

export default async function MyPayinsPage() {
  await requireUser('trader', '/trader/payins');
  return (
    <section className="trader-page">
      <h1>My pay-ins</h1>
      <p className="trader-muted">
        Buyers pay into your bank account. When a buyer reports paying, check that the money arrived, then release the USDT
        held in escrow to the merchant, or report that nothing arrived.
      </p>
      <PayinList />
    </section>
  );
}
