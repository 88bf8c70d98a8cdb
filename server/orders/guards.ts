import { DomainError } from '@/server/errors';
import type { Guard } from '@/server/orders/machine';

/** Counted after trimming, so a reason of spaces is no reason; the caller stores the trimmed text. */
function lengthGuard(field: 'reason' | 'note', min: number, max: number): Guard {
  return (context) => {
    const value = (context[field] ?? '').trim();
    if (value.length >= min && value.length <= max) return null;
    const message = value.length === 0 ? 'is required' : `must be ${min} to ${max} characters`;
    return new DomainError('VALIDATION_FAILED', `The ${field} ${message}.`, { details: [{ path: field, message }] });
  };
}

/** A dispute needs a reason of 1 to 500 characters (docs/api.md, "Limits"). */
export const requireReason: Guard = lengthGuard('reason', 1, 500);

/** An operator's ruling needs a note of 1 to 1000 characters: the record of why funds moved. */
export const requireNote: Guard = lengthGuard('note', 1, 1000);

/**
 * A timed transition applies only once its time has come. An order without the deadline is refused
 * too: a timer must never fire on a row whose clock was never started.
 */
export const requireDue: Guard = (context) => {
  if (context.dueAt && context.now.getTime() >= context.dueAt.getTime()) return null;
  return new DomainError(
    'TRANSITION_NOT_DUE',
    context.dueAt ? `Not due until ${context.dueAt.toISOString()}.` : 'This order has no such deadline.',
  );
};

/** A payout's proof is 1 to 3 images (docs/api.md, "Limits"). */
export const requireProofCount: Guard = (context) => {
  const count = context.proofCount ?? 0;
  if (Number.isInteger(count) && count >= 1 && count <= 3) return null;
  const message = 'must be 1 to 3 images';
  return new DomainError('VALIDATION_FAILED', `Proof ${message}.`, { details: [{ path: 'proofs', message }] });
};
