import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { retryTransaction } from '../../db/retry-transaction';
import { controlChanges } from '../../db/schema';
import { recordAudit } from '../audit';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import { controlChangeInput, type ControlChangeInput } from './control-change.schema';
import { controlOf, sameControlValue } from './control-registry';

const PENDING_KEY = 'control_changes_pending_key';

function pendingRefusal(changeId?: string) {
  return new DomainError('CONTROL_CHANGE_PENDING', 'A change to this control is already waiting for a second operator; approve, reject or withdraw it first.', {
    meta: changeId ? { changeId } : {},
  });
}

/**
 * An operator proposes a new value for a control, with a reason (docs/operator-guide.md,
 * "Controls"). Nothing changes until another operator approves it (decide-control-change.ts); the
 * proposal is audited as `control_change.propose`. One pending change per control: a second gets
 * CONTROL_CHANGE_PENDING, also when two are proposed at once (the partial unique index decides).
 */
export async function proposeControlChange(db: Db, options: { change: ControlChangeInput; operator: OperatorActor; now?: Date }) {
  const input = parseInput(controlChangeInput, options.change);
  const now = options.now ?? new Date();
  const control = controlOf(input.control);

  try {
    return await retryTransaction(db, async (tx) => {
      const [pending] = await tx
        .select({ id: controlChanges.id })
        .from(controlChanges)
        .where(and(eq(controlChanges.control, input.control), eq(controlChanges.status, 'pending')));
      if (pending) throw pendingRefusal(pending.id);

      const current = await control.read(tx);
      if (sameControlValue(current.value, input.value)) {
        throw new DomainError('VALIDATION_FAILED', 'That is the value in effect now.', { details: [{ path: 'value', message: 'is the value in effect now' }] });
      }
      const [change] = await tx
        .insert(controlChanges)
        .values({ control: input.control, fromValue: current.value, toValue: input.value, reason: input.reason, proposedBy: options.operator.id, createdAt: now })
        .returning({ id: controlChanges.id });

      const audit = auditActorOf(options.operator);
      const from = control.display(current.value);
      const to = control.display(input.value);
      await recordAudit(tx, {
        actorType: audit.type,
        actorId: audit.id,
        ip: audit.ip,
        action: 'control_change.propose',
        targetType: 'control',
        targetId: input.control,
        details: { changeId: change!.id, from, to, reason: input.reason },
      });
      return { changeId: change!.id, control: input.control, status: 'pending' as const, from, to };
    });
  } catch (error) {
    if (isUniqueViolation(error, PENDING_KEY)) throw pendingRefusal();
    throw error;
  }
}
