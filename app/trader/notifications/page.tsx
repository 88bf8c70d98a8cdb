import { requireUser } from '../../_auth/require-user';
import { traderMessagesOfRequest, traderPageMetadata } from '../_components/trader-language';
import { NotificationFeed } from './notification-feed';

export const generateMetadata = () => traderPageMetadata((t) => t.notifications.title);

export default async function NotificationsPage() {
  await requireUser('trader', '/trader/notifications');
  const { t } = await traderMessagesOfRequest();
  return (
    <section className="trader-page">
      <h1>{t.notifications.title}</h1>
      <p className="trader-muted">{t.notifications.lead}</p>
      <NotificationFeed />
    </section>
  );
}
