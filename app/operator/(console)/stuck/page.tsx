import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { StuckPayouts } from './stuck-payouts';

export const metadata: Metadata = { title: 'Overdue and unmatched payouts · Operator console', robots: { index: false } };

export default async function Page() {
  await requireUser('operator', '/operator/stuck');
  return (
    <>
      <h1>Overdue &amp; unmatched payouts</h1>
      <StuckPayouts />
    </>
  );
}
