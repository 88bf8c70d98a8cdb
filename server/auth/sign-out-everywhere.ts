import type { Db } from '../../db/client';
import { actorTypeOfRole, recordAudit } from '../audit';
import { endSessionsOfUser } from './session-version';

/** The user ends all of their sessions, this one included (e.g. after losing a laptop). */
export async function signOutEverywhere(db: Db, user: { id: string; role: string }, ip: string | null = null): Promise<void> {
  await db.transaction(async (tx) => {
    await endSessionsOfUser(tx, user.id);
    await recordAudit(tx, {
      actorType: actorTypeOfRole(user.role),
      actorId: user.id,
      ip,
      action: 'auth.sign_out_everywhere',
      targetType: 'user',
      targetId: user.id,
    });
  });
}
