import type { Metadata } from 'next';
import { LanguageToggle } from '../../../_components/language-toggle';
import { langOfRequest } from '../../../_components/lang-of-request';
import { requireUser } from '../../../_auth/require-user';
import { htmlLang } from '../../../pay/[token]/language';
import { ControlSettings } from './control-settings';
import { settingsMessages } from './settings-messages';

export const metadata: Metadata = { title: 'Settings · Operator console', robots: { index: false } };

/** The controls that guard money and their changes, in the language chosen with the toggle (else the browser's). */
export default async function Page() {
  const user = await requireUser('operator', '/operator/settings');
  const lang = await langOfRequest();
  const t = settingsMessages[lang];
  return (
    <div lang={htmlLang(lang)}>
      <h1>{t.title}</h1>
      <LanguageToggle lang={lang} cookiePath="/operator/settings" groupLabel={t.languageGroup} />
      <ControlSettings lang={lang} operatorId={user.id} />
    </div>
  );
}
