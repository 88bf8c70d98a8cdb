import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { NotificationStats } from './notification-stats';

export const metadata: Metadata = { title: 'Automatic confirmation · Operator console', robots: { index: false } };

export default async function Page() {
  await requireUser('operator', '/operator/notifications');
  return (
    <>
      <h1>Automatic confirmation</h1>
      <p>
        Bank notifications of the last 30 days per trader and bank template: how many credits released a pay-in on their own, how many suggestions traders
        took, the credits that matched nothing, and the pay-ins disputed after a release (docs/operator-guide.md).
      </p>
      <NotificationStats />
    </>
  );
}
