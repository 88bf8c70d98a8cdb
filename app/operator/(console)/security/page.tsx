import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { RecoveryCodes } from './recovery-codes';

export const metadata: Metadata = { title: 'Security · Operator console', robots: { index: false } };

export default async function SecurityPage() {
  await requireUser('operator', '/operator/security');
  return (
    <>
      <h1>Security</h1>
      <p className="lead">
        Recovery codes let you sign in if you lose the phone with your authenticator app: each works once, in place of the 6-digit code.
      </p>
      <RecoveryCodes />
    </>
  );
}
