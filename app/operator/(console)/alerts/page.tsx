import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { AlertSettings } from '../../../_components/alerts/alert-settings-form';
import { alertSettingsMessages } from '../../../_components/alerts/alert-settings-messages';
import { operatorLangOfRequest, operatorPageMetadata } from '../../_components/operator-language';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => alertSettingsMessages[lang].title);

/** The operator's own alerts (docs/alerts.md): new and overdue cases, deadlines, ledger alarms. */
export default async function Page() {
  await requireUser('operator', '/operator/alerts');
  const lang = await operatorLangOfRequest();
  return (
    <>
      <h1>{alertSettingsMessages[lang].title}</h1>
      <AlertSettings lang={lang} />
    </>
  );
}
