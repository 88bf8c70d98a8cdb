import { auditActorOf, type OperatorActor } from '../../../../server/audit/operator-actor';
import { clientAddressOf } from '../../../../server/http/client-address';

type OperatorContext = { operatorId: string; headers: Headers };

/** The operator and the address they act from, for claims, proposals and the audit log. */
export function operatorOf(ctx: OperatorContext): OperatorActor {
  return { id: ctx.operatorId, ip: clientAddressOf(ctx.headers) };
}

/** The same operator as the audit log names an actor. */
export const actorOf = (ctx: OperatorContext) => auditActorOf(operatorOf(ctx));
