import { z } from 'zod';
import { displayedName } from '../validation/displayed-name';

export const email = z
  .email({ error: 'must be an email address' })
  .max(254)
  .transform((value) => value.trim().toLowerCase());

export const displayName = displayedName(z.string().trim().min(1).max(100));
