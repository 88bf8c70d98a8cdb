import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { NotificationStats } from './notification-stats';
import { notificationsMessages } from './notifications-messages';
import { operatorLangOfRequest, operatorPageMetadata } from '../../_components/operator-language';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => notificationsMessages[lang].title);

export default async function Page() {
  await requireUser('operator', '/operator/notifications');
  const t = notificationsMessages[await operatorLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <p>{t.lead}</p>
      <NotificationStats />
    </>
  );
}
