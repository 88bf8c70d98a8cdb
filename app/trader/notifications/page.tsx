import type { Metadata } from 'next';
import { requireUser } from '../../_auth/require-user';
import { NotificationFeed } from './notification-feed';

export const metadata: Metadata = { title: 'Bank notifications', robots: { index: false } };

export default async function NotificationsPage() {
  await requireUser('trader', '/trader/notifications');
  return (
    <section className="trader-page">
      <h1>Bank notifications</h1>
      <p className="trader-muted">
        What your forwarder sent, newest first, and what each message matched. A message no bank template could read is shown as it came and never
        guessed. Suggested matches wait for your click; nothing below your threshold is released on its own.
      </p>
      <NotificationFeed />
    </section>
  );
}
