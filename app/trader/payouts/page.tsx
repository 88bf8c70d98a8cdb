import { requireUser } from '../../_auth/require-user';
import { traderMessagesOfRequest, traderPageMetadata } from '../_components/trader-language';
import { PayoutList } from './payout-list';

export const generateMetadata = () => traderPageMetadata((t) => t.payouts.title);

export default async function MyPayoutsPage() {
  await requireUser('trader', '/trader/payouts');
  const { t } = await traderMessagesOfRequest();
  return (
    <section className="trader-page">
      <h1>{t.payouts.title}</h1>
      <p className="trader-muted">{t.payouts.lead}</p>
      <PayoutList />
    </section>
  );
}
