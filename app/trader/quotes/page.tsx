import type { Metadata } from 'next';
import { requireUser } from '../../_auth/require-user';
import { BankAccounts } from './bank-accounts';
import { QuoteForms } from './quote-forms';

export const metadata: Metadata = { title: 'Quotes & bank accounts', robots: { index: false } };

export default async function QuotesPage() {
  await requireUser('trader', '/trader/quotes');
  return (
    <section className="trader-page">
      <h1>Quotes &amp; bank accounts</h1>
      <QuoteForms />
      <BankAccounts />
    </section>
  );
}
