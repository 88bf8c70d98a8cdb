import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import type { RoutingSettings } from './routing-settings';
import { routingDay } from './routing-day';

/**
 * Counts one order of `fiatAmount` CNY on the account, only if it is still under its daily order
 * and CNY limits and out of its cooldown (docs/routing.md, "Account limits"). One conditional
 * update: a concurrent match on the same account waits for this row and re-checks the limits
 * against what this one wrote, so two matches at once never take an account past a limit.
 * A trader the new-trader gate holds (docs/routing.md, "New traders") is held to the gate's daily
 * order count and per-order maximum as well, read from its reputation row in the same statement.
 * False when the account has no room left: the match tries the next candidate.
 */
export async function claimAccountCapacity(
  tx: Tx,
  input: { bankAccountId: string; fiatAmount: string; now: Date; limits: RoutingSettings['limits']; newTrader: RoutingSettings['newTrader'] },
): Promise<boolean> {
  // The rule is the database function's (migration "create payins function"), which create_payins calls too.
  const [row] = rowsOf<{ claimed: boolean }>(
    await tx.execute(sql`
      select claim_account_capacity(${input.bankAccountId}::uuid, ${input.fiatAmount}::numeric, ${input.now.toISOString()}::timestamptz,
        ${routingDay(input.now)}::date, ${JSON.stringify(input.limits)}::text::jsonb, ${JSON.stringify(input.newTrader)}::text::jsonb) as claimed`),
  );
  return row?.claimed === true;
}
