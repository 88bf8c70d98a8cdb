import type { Metadata } from 'next';
import { requireUser } from '../../_auth/require-user';
import { LedgerTable } from './ledger-table';

export const metadata: Metadata = { title: 'Ledger', robots: { index: false } };

export default async function LedgerPage() {
  await requireUser('trader', '/trader/ledger');
  return (
    <section className="trader-page">
      <h1>Ledger</h1>
      <p className="trader-muted">Every movement of your USDT, newest first. A transfer moves value between your accounts or to and from others.</p>
      <LedgerTable />
    </section>
  );
}
