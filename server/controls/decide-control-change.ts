import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { controlChanges, type ControlChangeStatus } from '../../db/schema';
import { recordAudit } from '../audit';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import { decideControlChangeInput, type DecideControlChangeInput } from './control-change.schema';
import { controlOf, isControlKey } from './control-registry';

/**
 * A second operator decides a pending control change (docs/operator-guide.md, "Controls"): approve
 * writes the new value in the same transaction that marks the change approved; reject needs a
 * reason. The proposer may not decide their own, only withdraw it (SELF_APPROVAL_FORBIDDEN).
 * The change's row is locked first: of two decisions at once the second waits, finds it no longer
 * pending and is refused with PROPOSAL_NOT_PENDING. Every decision is audited; an approval also
 * writes the control's own action (e.g. `four_eyes_threshold.set`) with both operators.
 */
export async function decideControlChange(db: Db, options: { decision: DecideControlChangeInput; operator: OperatorActor; now?: Date }) {
  const input = parseInput(decideControlChangeInput, options.decision);
  const now = options.now ?? new Date();
  const { operator } = options;

  return retryTransaction(db, async (tx) => {
    const [change] = await tx.select().from(controlChanges).where(eq(controlChanges.id, input.changeId)).for('update');
    if (!change || !isControlKey(change.control)) throw new DomainError('NOT_FOUND', 'No such control change.');
    if (change.status !== 'pending') {
      throw new DomainError('PROPOSAL_NOT_PENDING', `This change was already ${change.status}.`, { meta: { status: change.status } });
    }
    const own = change.proposedBy === operator.id;
    if (input.decision === 'withdraw' && !own) throw new DomainError('ACTION_NOT_ALLOWED', 'Only the operator who proposed a change may withdraw it.');
    if (input.decision !== 'withdraw' && own) {
      throw new DomainError('SELF_APPROVAL_FORBIDDEN', 'A change you proposed needs another operator to approve or reject it.');
    }

    const status: Exclude<ControlChangeStatus, 'pending'> = input.decision === 'approve' ? 'approved' : input.decision === 'reject' ? 'rejected' : 'withdrawn';
    const decisionReason = input.decision === 'reject' ? input.reason : null;
    await tx.update(controlChanges).set({ status, decidedBy: operator.id, decidedAt: now, decisionReason }).where(eq(controlChanges.id, change.id));

    const control = controlOf(change.control);
    const toValue = change.toValue as Record<string, unknown>;
    const audit = auditActorOf(operator);
    const facts = { changeId: change.id, proposedBy: change.proposedBy, from: control.display(change.fromValue as Record<string, unknown>), to: control.display(toValue), reason: change.reason };
    await recordAudit(tx, {
      actorType: audit.type,
      actorId: audit.id,
      ip: audit.ip,
      action: `control_change.${input.decision}`,
      targetType: 'control',
      targetId: change.control,
      details: { ...facts, ...(decisionReason ? { rejectionReason: decisionReason } : {}) },
    });
    if (input.decision !== 'approve') return { changeId: change.id, control: change.control, status, value: control.display((await control.read(tx)).value) };

    // The value in effect now may differ from the one the change was proposed against (the command
    // line can set it meanwhile): the audit row of the write says what it really replaced.
    const before = await control.read(tx);
    await control.write(tx, toValue, now);
    await recordAudit(tx, {
      actorType: audit.type,
      actorId: audit.id,
      ip: audit.ip,
      action: control.auditAction,
      targetType: 'platform_setting',
      targetId: change.control,
      details: { from: control.display(before.value), to: control.display(toValue), changeId: change.id, proposedBy: change.proposedBy, approvedBy: operator.id, reason: change.reason },
    });
    return { changeId: change.id, control: change.control, status, value: control.display(toValue) };
  });
}
