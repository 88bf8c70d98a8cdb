import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { TradersConsole } from './traders-console';

export const metadata: Metadata = { title: 'Traders · Operator console', robots: { index: false } };

export default async function Page() {
  await requireUser('operator', '/operator/traders');
  return (
    <>
      <h1>Traders</h1>
      <TradersConsole />
    </>
  );
}
