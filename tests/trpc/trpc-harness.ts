import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { appRouter } from '../../app/_trpc/root';
import type { SessionUser } from '../../app/_trpc/init';
import { cliActor } from '../../server/audit';
import { createOperator } from '../../server/users/create-operator';
import { traderWithBalance } from '../fixtures/parties';

/**
 * Calls the pages' tRPC procedures in-process as a given session (or none): the same router,
 * middleware and error mapping the pages use, without a browser. Access tests sign in as the
 * wrong role or another trader and check the refusal and that nothing changed.
 */
export function callerAs(db: Db, user: SessionUser | null) {
  return appRouter.createCaller({ db, headers: new Headers({ 'x-forwarded-for': '203.0.113.7' }), user });
}

export function traderSession(trader: { userId: string; traderId: string }): SessionUser {
  return { id: trader.userId, role: 'trader', traderId: trader.traderId, totpEnrolled: false };
}

export function operatorSession(operator: { userId: string }, totpEnrolled = true): SessionUser {
  return { id: operator.userId, role: 'operator', traderId: null, totpEnrolled };
}

/** A trader with a balance and a caller signed in as them. */
export async function signedInTrader(db: Db, balance = '0') {
  const trader = await traderWithBalance(db, balance);
  return { ...trader, caller: callerAs(db, traderSession(trader)) };
}

/** An operator (second factor assumed enrolled unless told) and a caller signed in as them. */
export async function signedInOperator(db: Db, totpEnrolled = true) {
  const tag = randomUUID().slice(0, 8);
  const operator = await createOperator(db, { email: `op-${tag}@test.local`, password: 'correct horse battery', displayName: `Operator ${tag}` }, cliActor);
  return { ...operator, caller: callerAs(db, operatorSession(operator, totpEnrolled)) };
}
