import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { DomainError } from '../errors';
import { Dec } from '../money/decimal';
import type { BondCapSettings } from '../routing/routing-settings';
import { accountIds } from '../ledger/account-ids';

export interface TraderExposure {
  /** The trader's bond (USDT). */
  bond: string;
  /** USDT escrowed for its matched pay-ins (its escrow account). */
  escrowed: string;
  /** USDT of the payouts it accepted and has not marked paid (PENDING_PAYMENT, PAYMENT_OVERDUE). */
  payoutsUnpaid: string;
  /** escrowed + payoutsUnpaid. */
  exposure: string;
  /** The multiple in effect: the trader's own, else the platform's. */
  multiple: string;
  /** Whether the trader has a multiple of its own. */
  multipleOverridden: boolean;
  /** bond x multiple: what exposure may reach while the cap is on. */
  cap: string;
  capEnabled: boolean;
  /** The part of the bond exposure does not need: exposure / multiple of it is held. */
  free: string;
}

/**
 * A trader's open exposure and the bond's cap over it (docs/routing.md, "Bond and exposure"). Read
 * in the caller's transaction: after the trader's row is locked (lockTraderForExposure), so what it
 * reads includes every accept and bond move that committed before, and none can commit meanwhile.
 */
export async function traderExposure(db: Executor, traderId: string, settings: BondCapSettings): Promise<TraderExposure> {
  const [row] = rowsOf<{ bond: string | null; escrowed: string | null; payoutsUnpaid: string; multiple: string | null }>(
    await db.execute(sql`
      select (select balance from ledger_accounts where id = ${accountIds.traderBond(traderId)})::text as bond,
             (select balance from ledger_accounts where id = ${accountIds.traderEscrow(traderId)})::text as escrowed,
             (select coalesce(sum(usd_amount), 0) from payout_orders
               where trader_id = ${traderId}::uuid and status in ('PENDING_PAYMENT', 'PAYMENT_OVERDUE'))::text as "payoutsUnpaid",
             (select bond_multiple from traders where id = ${traderId}::uuid)::text as multiple`),
  );
  const bond = new Dec(row?.bond ?? '0');
  const escrowed = new Dec(row?.escrowed ?? '0');
  const payoutsUnpaid = new Dec(row?.payoutsUnpaid ?? '0');
  const exposure = escrowed.plus(payoutsUnpaid);
  const multiple = new Dec(row?.multiple ?? settings.multiple);
  // What the bond must keep for the exposure, rounded up to the ledger's 6 decimals so the rest never over-frees.
  const held = Dec.min(bond, exposure.div(multiple).toDecimalPlaces(6, Dec.ROUND_UP));
  return {
    bond: bond.toFixed(6),
    escrowed: escrowed.toFixed(6),
    payoutsUnpaid: payoutsUnpaid.toFixed(6),
    exposure: exposure.toFixed(6),
    multiple: multiple.toFixed(2),
    multipleOverridden: row?.multiple != null,
    cap: bond.times(multiple).toFixed(6),
    capEnabled: settings.capEnabled,
    free: bond.minus(held).toFixed(6),
  };
}

/**
 * Locks the trader's row for the rest of the transaction: accepts, pay-in matches and bond moves of
 * one trader that check its exposure run one after another, so two of them racing against one cap
 * can never both pass it.
 */
export async function lockTraderForExposure(db: Executor, traderId: string): Promise<void> {
  await db.execute(sql`select id from traders where id = ${traderId}::uuid for update`);
}

/** Refuses an order that would take the trader's exposure above its cap (when the cap is on). */
export function assertWithinCap(exposure: TraderExposure, addition: string): void {
  if (!exposure.capEnabled) return;
  const after = new Dec(exposure.exposure).plus(addition);
  if (after.gt(exposure.cap)) {
    throw new DomainError('EXPOSURE_CAP_EXCEEDED', 'This order would take your open exposure above your bond times its multiple.', {
      meta: { exposure: exposure.exposure, cap: exposure.cap, amount: new Dec(addition).toFixed(6) },
    });
  }
}

interface PayinFitsBondCapOptions {
  traderId: string;
  assetAmount: string;
  settings: BondCapSettings;
}

/**
 * Whether a pay-in of `assetAmount` may be matched to the trader under the cap: true at once while
 * the cap is off; otherwise locks the trader's row and reads its exposure, so two matches racing
 * for the last of one trader's cap cannot both take it. The rule is the database function's
 * (migration "create payins function"), which create_payins calls too.
 */
export async function payinFitsBondCap(db: Executor, { traderId, assetAmount, settings }: PayinFitsBondCapOptions): Promise<boolean> {
  if (!settings.capEnabled) return true;
  const [row] = rowsOf<{ fits: boolean }>(
    await db.execute(sql`select payin_fits_bond_cap(${traderId}::uuid, ${assetAmount}::numeric, true, ${settings.multiple}::numeric) as fits`),
  );
  return row?.fits === true;
}
