import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../auth/password';
import { displayedName } from '../validation/displayed-name';

export const email = z
  .email({ error: 'must be an email address' })
  .max(254)
  .transform((value) => value.trim().toLowerCase());

export const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: `must be at least ${MIN_PASSWORD_LENGTH} characters` })
  .max(256);

export const displayName = displayedName(z.string().trim().min(1).max(100));
