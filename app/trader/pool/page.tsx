import type { Metadata } from 'next';
import { requireUser } from '../../_auth/require-user';
import { PoolList } from './pool-list';

export const metadata: Metadata = { title: 'Task pool', robots: { index: false } };

export default async function TaskPoolPage() {
  await requireUser('trader', '/trader/pool');
  return (
    <section className="trader-page">
      <h1>Task pool</h1>
      <p className="trader-muted">
        Payouts waiting for a trader that fit your BUY quote, newest first. The list updates by itself; the first trader to
        accept gets the task.
      </p>
      <PoolList />
    </section>
  );
}
