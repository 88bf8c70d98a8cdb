import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { ReferenceRate } from './reference-rate';

export const metadata: Metadata = { title: 'Reference rate · Operator console', robots: { index: false } };

export default async function Page() {
  await requireUser('operator', '/operator/rate');
  return (
    <>
      <h1>Reference rate</h1>
      <ReferenceRate />
    </>
  );
}
