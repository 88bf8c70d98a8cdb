import { requireUser } from '../../_auth/require-user';
import { traderMessagesOfRequest, traderPageMetadata } from '../_components/trader-language';
import { BondPanel } from './bond-panel';

export const generateMetadata = () => traderPageMetadata((t) => t.bond.title);

/** docs/routing.md, "Bond and exposure": the trader's bond, its exposure and cap, moves in and out, penalties. */
export default async function TraderBondPage() {
  await requireUser('trader', '/trader/bond');
  const { t } = await traderMessagesOfRequest();
  return (
    <section className="trader-page">
      <h1>{t.bond.title}</h1>
      <p className="trader-muted">{t.bond.lead}</p>
      <BondPanel />
    </section>
  );
}
