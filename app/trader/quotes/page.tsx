import { requireUser } from '../../_auth/require-user';
import { traderMessagesOfRequest, traderPageMetadata } from '../_components/trader-language';
import { BankAccounts } from './bank-accounts';
import { QuoteForms } from './quote-forms';

export const generateMetadata = () => traderPageMetadata((t) => t.quotes.title);

export default async function QuotesPage() {
  await requireUser('trader', '/trader/quotes');
  const { t } = await traderMessagesOfRequest();
  return (
    <section className="trader-page">
      <h1>{t.quotes.title}</h1>
      <QuoteForms />
      <BankAccounts />
    </section>
  );
}
