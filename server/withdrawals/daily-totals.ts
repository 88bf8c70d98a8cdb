import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import { DomainError } from '../errors';
import { Dec } from '../money/decimal';
import type { WithdrawalOwner } from './withdrawal-owner';

/** The UTC day a withdrawal counts against, as `YYYY-MM-DD`. */
export function withdrawalDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Adds `amount` to a day's total unless that would pass `limit`: one upsert, whose row lock makes
 * concurrent requests take turns, so the limit holds exactly. Returns false when it would pass.
 */
async function addWithin(tx: Tx, scope: string, day: string, amount: string, limit: string): Promise<boolean> {
  if (new Dec(amount).gt(limit)) return false;
  const rows = rowsOf<{ total: string }>(
    await tx.execute(sql`
      insert into withdrawal_daily_totals (scope, day, total) values (${scope}, ${day}::date, ${amount}::numeric)
      on conflict (scope, day) do update set total = withdrawal_daily_totals.total + excluded.total
      where withdrawal_daily_totals.total + excluded.total <= ${limit}::numeric
      returning total::text as total`),
  );
  return rows.length > 0;
}

/** Counts a requested withdrawal against the owner's and the platform's daily limits, or refuses it. */
export async function countAgainstLimits(tx: Tx, options: { owner: WithdrawalOwner; amount: string; day: string; ownerLimit: string; platformLimit: string }): Promise<void> {
  const ownerScope = `${options.owner.type}:${options.owner.id}`;
  if (!(await addWithin(tx, ownerScope, options.day, options.amount, options.ownerLimit))) {
    throw new DomainError('WITHDRAWAL_LIMIT_EXCEEDED', `This would pass your daily withdrawal limit of ${options.ownerLimit} USDT.`);
  }
  if (!(await addWithin(tx, 'platform', options.day, options.amount, options.platformLimit))) {
    throw new DomainError('WITHDRAWAL_LIMIT_EXCEEDED', 'Withdrawals have reached the platform\'s limit for today; try again tomorrow.');
  }
}

/** Gives a rejected or failed withdrawal's amount back to the day it was counted in. */
export async function releaseFromLimits(tx: Tx, options: { owner: WithdrawalOwner; amount: string; day: string }): Promise<void> {
  // The owner's row, then the platform's: the order a request locks them in, so the two cannot deadlock.
  for (const scope of [`${options.owner.type}:${options.owner.id}`, 'platform']) {
    await tx.execute(sql`
      update withdrawal_daily_totals set total = greatest(total - ${options.amount}::numeric, 0)
      where day = ${options.day}::date and scope = ${scope}`);
  }
}
