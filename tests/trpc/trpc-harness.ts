import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { appRouter } from '../../app/_trpc/root';
import { contextFor, type SessionUser } from '../../app/_trpc/init';
import type { SessionClaims } from '../../app/_auth/session-user';
import { CLIENT_ADDRESS_HEADER } from '../../server/http/client-address';
import { cliActor } from '../../server/audit';
import { createOperator } from '../../server/users/create-operator';
import { traderWithBalance } from '../fixtures/parties';

/**
 * Calls the pages' tRPC procedures in-process as a given session (or none): the same router,
 * middleware and error mapping the pages use, without a browser. Access tests sign in as the
 * wrong role or another trader and check the refusal and that nothing changed. Like a page's
 * request, every call goes through the context's session check (contextFor), so a session that
 * has ended since (suspension, password change) is refused at its next call.
 */
export function callerAs(db: Db, user: SessionClaims | null) {
  const headers = new Headers({ [CLIENT_ADDRESS_HEADER]: '203.0.113.7' });
  return awaitedLater(appRouter.createCaller(() => contextFor(db, headers, user)));
}

/**
 * Tests may start several calls and await them one by one; since each call first reads the
 * session from the database, the later ones can be refused before the test awaits them, which
 * Node would report as an unhandled rejection. Each call's promise is marked as handled when made;
 * the test still gets the very same promise, and its rejection, when it awaits it.
 */
function awaitedLater<T extends object>(target: T): T {
  return new Proxy(target, {
    get: (object, key) => {
      const value = Reflect.get(object, key) as unknown;
      return (typeof value === 'function' || (typeof value === 'object' && value !== null)) && typeof key === 'string' ? awaitedLater(value as object) : value;
    },
    apply: (fn, thisArg, args) => {
      const result = Reflect.apply(fn as (...a: unknown[]) => unknown, thisArg, args) as unknown;
      if (result instanceof Promise) result.catch(() => {});
      return result;
    },
  });
}

/** A session as signed in now; new users are at session version 1. */
export function traderSession(trader: { userId: string; traderId: string }, sessionVersion = 1): SessionUser {
  return { id: trader.userId, role: 'trader', traderId: trader.traderId, merchantId: null, merchantRole: null, totpEnrolled: false, sessionVersion };
}

export function operatorSession(operator: { userId: string }, totpEnrolled = true, sessionVersion = 1): SessionUser {
  return { id: operator.userId, role: 'operator', traderId: null, merchantId: null, merchantRole: null, totpEnrolled, sessionVersion };
}

/**
 * A merchant user's session as the cookie claims it: the merchant and role are not in it, the
 * server reads them from the database on every call. Second factor assumed enrolled unless told.
 */
export function merchantSession(member: { userId: string }, totpEnrolled = true, sessionVersion = 1): SessionClaims {
  return { id: member.userId, role: 'merchant', traderId: null, totpEnrolled, sessionVersion };
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
