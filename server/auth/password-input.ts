import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './password';

/** A new password as every form takes it (sign-up, invitation, change). */
export const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: `must be at least ${MIN_PASSWORD_LENGTH} characters` })
  .max(256);
