import type { Metadata } from 'next';
import { requireUser } from '../_auth/require-user';
import { OverviewPanel } from './overview-panel';

export const metadata: Metadata = { title: 'Trader dashboard', robots: { index: false } };

export default async function TraderOverviewPage() {
  await requireUser('trader', '/trader');
  return (
    <section className="trader-page">
      <h1>Overview</h1>
      <OverviewPanel />
    </section>
  );
}
