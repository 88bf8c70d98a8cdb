import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { MerchantsConsole } from './merchants-console';

export const metadata: Metadata = { title: 'Merchants · Operator console', robots: { index: false } };

export default async function MerchantsPage() {
  await requireUser('operator', '/operator/merchants');
  return (
    <>
      <h1>Merchants</h1>
      <MerchantsConsole />
    </>
  );
}
