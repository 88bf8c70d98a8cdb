'use server';

import { getDatabase } from '../../../db';
import { changePassword } from '../../../server/auth/change-password';
import { isDomainError } from '../../../server/errors';
import { auth } from '../../_auth/auth';

export interface ChangePasswordState {
  code?: string;
  message?: string;
  done?: boolean;
}

export async function changePasswordAction(_previous: ChangePasswordState, form: FormData): Promise<ChangePasswordState> {
  const session = await auth();
  const userId = (session?.user as { id?: string } | undefined)?.id;
  if (!userId) return { code: 'UNAUTHENTICATED', message: 'Your session has ended. Sign in again.' };
  const next = String(form.get('next') ?? '');
  if (next !== String(form.get('confirm') ?? '')) return { code: 'VALIDATION_FAILED', message: 'The two new passwords differ.' };
  try {
    const { db } = await getDatabase();
    await changePassword(db, userId, String(form.get('current') ?? ''), next);
    return { done: true, message: 'Your password is changed.' };
  } catch (error) {
    if (isDomainError(error)) {
      const detail = error.details?.[0]?.message;
      return { code: error.code, message: detail ? `The new password ${detail}.` : error.message };
    }
    throw error;
  }
}
