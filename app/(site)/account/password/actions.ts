'use server';

import { getDatabase } from '../../../../db';
import { changePassword } from '../../../../server/auth/change-password';
import { isDomainError } from '../../../../server/errors';
import { auth, signOut } from '../../../_auth/auth';

export interface ChangePasswordState {
  code?: string;
  message?: string;
  done?: boolean;
}

export async function changePasswordAction(_previous: ChangePasswordState, form: FormData): Promise<ChangePasswordState> {
  const session = await auth();
  const userId = session?.user.id;
  if (!userId) return { code: 'UNAUTHENTICATED', message: 'Your session has ended. Sign in again.' };
  const next = String(form.get('next') ?? '');
  if (next !== String(form.get('confirm') ?? '')) return { code: 'VALIDATION_FAILED', message: 'The two new passwords differ.' };
  try {
    const { db } = await getDatabase();
    await changePassword(db, { userId, current: String(form.get('current') ?? ''), next });
  } catch (error) {
    if (isDomainError(error)) {
      const detail = error.details?.[0]?.message;
      return { code: error.code, message: detail ? `The new password ${detail}.` : error.message };
    }
    throw error;
  }
  // Every session of theirs has ended, this one included: clear the cookie and ask for the new password.
  await signOut({ redirectTo: '/sign-in?password=changed' });
  return { done: true, message: 'Your password is changed. Sign in again with it.' };
}
