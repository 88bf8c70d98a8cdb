import { requireUser } from '../_auth/require-user';
import { traderMessagesOfRequest, traderPageMetadata } from './_components/trader-language';
import { OverviewPanel } from './overview-panel';

export const generateMetadata = () => traderPageMetadata((t) => t.overview.metaTitle);

export default async function TraderOverviewPage() {
  await requireUser('trader', '/trader');
  const { t } = await traderMessagesOfRequest();
  return (
    <section className="trader-page">
      <h1>{t.overview.title}</h1>
      <OverviewPanel />
    </section>
  );
}
