import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { operatorLangOfRequest, operatorPageMetadata } from '../../_components/operator-language';
import { ControlSettings } from './control-settings';
import { settingsMessages } from './settings-messages';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => settingsMessages[lang].title);

/** The controls that guard money and their changes, in the console's language (the nav's toggle, else the browser's). */
export default async function Page() {
  const user = await requireUser('operator', '/operator/settings');
  const lang = await operatorLangOfRequest();
  const t = settingsMessages[lang];
  return (
    <>
      <h1>{t.title}</h1>
      <ControlSettings lang={lang} operatorId={user.id} />
    </>
  );
}
