import { requireUser } from '../../_auth/require-user';
import { traderMessagesOfRequest, traderPageMetadata } from '../_components/trader-language';
import { PoolList } from './pool-list';

export const generateMetadata = () => traderPageMetadata((t) => t.pool.title);

export default async function TaskPoolPage() {
  await requireUser('trader', '/trader/pool');
  const { t } = await traderMessagesOfRequest();
  return (
    <section className="trader-page trader-pool-page">
      <h1>{t.pool.title}</h1>
      <PoolList />
      {/* After the list: on a phone the first task must be in the first screen. */}
      <p className="trader-muted">{t.pool.lead}</p>
    </section>
  );
}
