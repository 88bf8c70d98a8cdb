import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { requireUser } from '../../../_auth/require-user';
import { TrpcProvider } from '../../../_trpc/client';
import { EnrolForm } from './enrol-form';
import '../../../_components/console/console.css';
import { enrolMessages } from './enrol-messages';
import { OperatorLanguageToggle, OperatorMessagesProvider } from '../../../operator/_components/messages-context';
import { operatorLangOfRequest } from '../../../operator/_components/operator-language';
import { htmlLang } from '../../../pay/[token]/language';

export async function generateMetadata(): Promise<Metadata> {
  return { title: enrolMessages[await operatorLangOfRequest()].title, robots: { index: false } };
}

/** First sign-in of an operator: enrol an authenticator app (TOTP) before the console opens. */
export default async function EnrolPage() {
  const user = await requireUser('operator', '/operator/enrol');
  if (user.totpEnrolled) redirect('/operator');
  const lang = await operatorLangOfRequest();
  const t = enrolMessages[lang];
  return (
    <OperatorMessagesProvider lang={lang}>
      <section className="narrow console is-single" lang={htmlLang(lang)}>
        <div>
          <OperatorLanguageToggle />
          <h1>{t.title}</h1>
          <p className="lead">{t.lead}</p>
          <TrpcProvider>
            <EnrolForm />
          </TrpcProvider>
        </div>
      </section>
    </OperatorMessagesProvider>
  );
}
