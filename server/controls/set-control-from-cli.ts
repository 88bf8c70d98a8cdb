import type { Db } from '../../db/client';
import { cliActor, recordAudit } from '../audit';
import { parseInput } from '../validation/parse-input';
import { controlChangeInput, type ControlChangeInput } from './control-change.schema';
import { controlOf } from './control-registry';

/**
 * The command line sets a control at once, without a second operator: whoever runs it holds the
 * server and its database already. The reason is required and kept in the audit row, whose actor
 * is `cli` (docs/security.md, "Control changes"). A change pending in the console stays pending.
 */
export async function setControlFromCli(db: Db, options: { change: ControlChangeInput; now?: Date }) {
  const input = parseInput(controlChangeInput, options.change);
  const now = options.now ?? new Date();
  const control = controlOf(input.control);
  await db.transaction(async (tx) => {
    const before = await control.read(tx);
    await control.write(tx, input.value, now);
    await recordAudit(tx, {
      actorType: cliActor.type,
      actorId: cliActor.id,
      action: control.auditAction,
      targetType: 'platform_setting',
      targetId: input.control,
      details: { from: control.display(before.value), to: control.display(input.value), reason: input.reason },
    });
  });
  const after = await control.read(db);
  return { control: input.control, value: control.display(after.value), setAt: after.setAt };
}
