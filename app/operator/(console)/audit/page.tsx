import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { AuditLog } from './audit-log';

export const metadata: Metadata = { title: 'Audit log · Operator console', robots: { index: false } };

export default async function Page() {
  await requireUser('operator', '/operator/audit');
  return (
    <>
      <h1>Audit log</h1>
      <AuditLog />
    </>
  );
}
