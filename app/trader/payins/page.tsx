import { requireUser } from '../../_auth/require-user';
import { traderMessagesOfRequest, traderPageMetadata } from '../_components/trader-language';
import { PayinList } from './payin-list';

export const generateMetadata = () => traderPageMetadata((t) => t.payins.title);

export default async function MyPayinsPage() {
  await requireUser('trader', '/trader/payins');
  const { t } = await traderMessagesOfRequest();
  return (
    <section className="trader-page">
      <h1>{t.payins.title}</h1>
      <p className="trader-muted">{t.payins.lead}</p>
      <PayinList />
    </section>
  );
}
