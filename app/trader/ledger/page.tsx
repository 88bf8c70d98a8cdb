import { requireUser } from '../../_auth/require-user';
import { traderMessagesOfRequest, traderPageMetadata } from '../_components/trader-language';
import { LedgerTable } from './ledger-table';

export const generateMetadata = () => traderPageMetadata((t) => t.ledger.title);

export default async function LedgerPage() {
  await requireUser('trader', '/trader/ledger');
  const { t } = await traderMessagesOfRequest();
  return (
    <section className="trader-page">
      <h1>{t.ledger.title}</h1>
      <p className="trader-muted">{t.ledger.lead}</p>
      <LedgerTable />
    </section>
  );
}
