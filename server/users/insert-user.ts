import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { DomainError } from '../errors';
import { isUniqueViolation } from '../../db/errors';

/** Inserts a user, turning a taken email into a clear CONFLICT. */
export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<void> {
  try {
    await db.insert(users).values(values);
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) {
      throw new DomainError('CONFLICT', `A user with email ${values.email} already exists.`, {
        details: [{ path: 'email', message: 'is already taken' }],
      });
    }
    throw error;
  }
}
