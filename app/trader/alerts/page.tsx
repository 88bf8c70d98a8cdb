import { requireUser } from '../../_auth/require-user';
import { AlertSettings } from '../../_components/alerts/alert-settings-form';
import { alertSettingsMessages } from '../../_components/alerts/alert-settings-messages';
import { traderMessagesOfRequest, traderPageMetadata } from '../_components/trader-language';

export const generateMetadata = () => traderPageMetadata((t) => t.nav.alerts);

/** The trader's alerts (docs/alerts.md): Telegram link, kinds, language, quiet hours. */
export default async function AlertsPage() {
  await requireUser('trader', '/trader/alerts');
  const { lang } = await traderMessagesOfRequest();
  return (
    <section className="trader-page">
      <h1>{alertSettingsMessages[lang].title}</h1>
      <AlertSettings lang={lang} />
    </section>
  );
}
