'use server';

import { getDatabase } from '../../../db';
import { auth } from '../../_auth/auth';
import { submitProofForm, type SubmitProofResult } from './submit-proof-form';

/**
 * Server action of the proof upload (files do not travel well through tRPC). The session decides
 * whose task it is; `experimental.serverActions.bodySizeLimit` in next.config.mjs lets 3 x 5 MB in.
 */
export async function submitProofAction(form: FormData): Promise<SubmitProofResult> {
  const session = await auth();
  const user = session?.user as { role?: string; traderId?: string | null } | undefined;
  if (!user?.role) return { ok: false, code: 'UNAUTHENTICATED', message: 'Sign in first.', details: [] };
  if (user.role !== 'trader' || !user.traderId) return { ok: false, code: 'FORBIDDEN', message: 'This is for traders.', details: [] };
  const { db } = await getDatabase();
  return submitProofForm(db, user.traderId, form);
}
