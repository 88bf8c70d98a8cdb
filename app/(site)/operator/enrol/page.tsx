import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { requireUser } from '../../../_auth/require-user';
import { TrpcProvider } from '../../../_trpc/client';
import { EnrolForm } from './enrol-form';
import '../../../_components/console/console.css';

export const metadata: Metadata = { title: 'Set up your second factor', robots: { index: false } };

/** First sign-in of an operator: enrol an authenticator app (TOTP) before the console opens. */
export default async function EnrolPage() {
  const user = await requireUser('operator', '/operator/enrol');
  if (user.totpEnrolled) redirect('/operator');
  return (
    <section className="narrow console is-single">
      <div>
        <h1>Set up your second factor</h1>
        <p className="lead">
          Operators sign in with a code from an authenticator app. Add Corridor to yours with the key below, then enter the
          6-digit code it shows.
        </p>
        <TrpcProvider>
          <EnrolForm />
        </TrpcProvider>
      </div>
    </section>
  );
}
