import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { isoMsOrNull } from '../money/format';

export const ROUTING_SETTINGS_KEY = 'routing';

/** The longest scoring window: a week (older per-minute completions are pruned). */
export const MAX_WINDOW_MINUTES = 7 * 24 * 60;

const weight = z.number().min(0).max(100);

/** The signals' weights (docs/routing.md, "Signals"); a trader's own weights override any of them. */
const routingWeights = z
  .object({
    price: weight,
    success: weight,
    headroom: weight,
    cooldown: weight,
    bankHealth: weight,
    amountFit: weight,
    balance: weight,
    // Added after the others: a value stored before it existed reads as 0, so it routes as it did.
    reputation: weight.default(0),
  })
  .strict();
export type RoutingWeights = z.output<typeof routingWeights>;
export type RoutingSignal = keyof RoutingWeights;

const fiatString = z.string().regex(/^\d{1,18}(\.\d{1,2})?$/);

/**
 * The bond's cap on a trader's open exposure (docs/routing.md, "Bond and exposure"). Off until an
 * operator turns it on, so a platform whose traders hold no bond routes as before; a value stored
 * before the cap existed reads as off.
 */
const bondCap = z
  .object({
    capEnabled: z.boolean(),
    /** Open exposure may reach the bond times this; a trader's own multiple overrides it. */
    multiple: z.string().regex(/^\d{1,6}(\.\d{1,2})?$/).refine((value) => !/^0+(\.0+)?$/.test(value), { error: "must be above 0" }),
  })
  .strict();
export type BondCapSettings = z.output<typeof bondCap>;
const DEFAULT_BOND_CAP: BondCapSettings = { capEnabled: false, multiple: '5' };

/** The payout dispatch's signals (docs/routing.md, "Payout dispatch"). */
const payoutWeights = z.object({ success: weight, onTime: weight, load: weight, bank: weight }).strict();
export type PayoutWeights = z.output<typeof payoutWeights>;

/**
 * How payout tasks reach traders (docs/routing.md, "Payout dispatch"). `first_accept` is the pool
 * Corridor has always had (every fitting trader sees every task); `scored` offers a task first to
 * the best-scoring traders and widens ring by ring. The open-task cap holds in both. A value stored
 * before dispatch existed reads as the default, so upgrading changes no pool.
 */
const payoutDispatch = z
  .object({
    mode: z.enum(['first_accept', 'scored']),
    weights: payoutWeights,
    /** The traders each ring holds, best first: ring k opens after k times ringSeconds; after the last, every eligible trader. */
    rings: z.array(z.number().int().min(1).max(1000)).max(5),
    ringSeconds: z.number().int().min(1).max(600),
    /** Accepted, unfinished payout tasks a trader may hold at once (null: no cap); a trader's own cap overrides it. */
    openTaskCap: z.number().int().min(1).max(1000).nullable(),
  })
  .strict();
export type PayoutDispatchSettings = z.output<typeof payoutDispatch>;
const DEFAULT_PAYOUT_DISPATCH: PayoutDispatchSettings = {
  mode: 'first_accept',
  weights: { success: 35, onTime: 35, load: 20, bank: 10 },
  rings: [3, 8],
  ringSeconds: 5,
  openTaskCap: null,
};

/**
 * Lower caps for a trader without a record (docs/routing.md, "New traders"): until it has completed
 * `minCompletedOrders` orders and `minDays` have passed since the first, each of its accounts takes
 * at most `dailyOrders` pay-ins a day and none above `maxOrderFiat` CNY. Off until an operator turns
 * it on, so upgrading gates no one; a value stored before the gate existed reads as off.
 */
const newTraderGate = z
  .object({
    enabled: z.boolean(),
    minCompletedOrders: z.number().int().min(0).max(10_000),
    minDays: z.number().int().min(0).max(365),
    dailyOrders: z.number().int().min(1).max(5000),
    maxOrderFiat: fiatString.refine((value) => !/^0+(\.0+)?$/.test(value), { error: 'must be above 0' }),
  })
  .strict();
export type NewTraderGate = z.output<typeof newTraderGate>;
const DEFAULT_NEW_TRADER_GATE: NewTraderGate = { enabled: false, minCompletedOrders: 20, minDays: 7, dailyOrders: 20, maxOrderFiat: '2000.00' };

/**
 * How pay-ins are routed and the bounds of the traders' own account limits (docs/routing.md,
 * "Settings"). A platform setting: changes only through an approved control change (server/controls).
 */
export const routingSettingsValue = z
  .object({
    mode: z.enum(['price', 'scored']),
    weights: routingWeights,
    /** Success rate and bank health look this far back. */
    windowMinutes: z.number().int().min(10).max(MAX_WINDOW_MINUTES),
    /** Scored routing considers only quotes within this spread of the best price for the buyer. */
    maxPriceSpreadBps: z.number().int().min(0).max(1000),
    /** Points off per failure in the last hour, for the 1st, 2nd and 3rd. */
    recentFailurePenalty: z.tuple([z.number().min(0).max(100), z.number().min(0).max(100), z.number().min(0).max(100)]),
    topK: z.number().int().min(1).max(20),
    /** How sharply the pick among the top K favours the best: a candidate this many points behind is e times less likely. */
    temperature: z.number().min(0.1).max(100),
    /** The share of matches given to a candidate outside the top K, so a recovered account earns its way back. */
    exploration: z.number().min(0).max(0.5),
    /** An account pauses after this many failures within an hour, for pauseMinutes (null: never). */
    pauseAfterFailures: z.number().int().min(1).max(100).nullable(),
    pauseMinutes: z.number().int().min(1).max(24 * 60),
    bond: bondCap.default(DEFAULT_BOND_CAP),
    payouts: payoutDispatch.default(DEFAULT_PAYOUT_DISPATCH),
    newTrader: newTraderGate.default(DEFAULT_NEW_TRADER_GATE),
    limits: z
      .object({
        /** Defaults for an account whose trader set none (null: no limit). */
        defaultDailyOrders: z.number().int().min(1).nullable(),
        defaultDailyFiat: fiatString.nullable(),
        defaultCooldownSeconds: z.number().int().min(0),
        /** The bounds a trader's own limits must keep within. */
        maxDailyOrders: z.number().int().min(1),
        maxDailyFiat: fiatString,
        minCooldownSeconds: z.number().int().min(0),
      })
      .strict(),
  })
  .strict();
export type RoutingSettings = z.output<typeof routingSettingsValue>;

/**
 * Until an operator changes them: today's routing (price only, no account limits, no pauses), so
 * a platform opts in; docs/routing.md gives the recommended values (RECOMMENDED_ROUTING_SETTINGS).
 */
export const DEFAULT_ROUTING_SETTINGS: RoutingSettings = {
  mode: 'price',
  weights: { price: 30, success: 20, headroom: 10, cooldown: 10, bankHealth: 5, amountFit: 5, balance: 10, reputation: 10 },
  windowMinutes: 180,
  maxPriceSpreadBps: 50,
  recentFailurePenalty: [5, 15, 30],
  topK: 5,
  temperature: 5,
  exploration: 0.05,
  pauseAfterFailures: null,
  pauseMinutes: 60,
  bond: DEFAULT_BOND_CAP,
  payouts: DEFAULT_PAYOUT_DISPATCH,
  newTrader: DEFAULT_NEW_TRADER_GATE,
  limits: {
    defaultDailyOrders: null,
    defaultDailyFiat: null,
    defaultCooldownSeconds: 0,
    maxDailyOrders: 5000,
    maxDailyFiat: '5000000.00',
    minCooldownSeconds: 0,
  },
};

/**
 * What docs/routing.md recommends: scored routing, pauses after 3 failures in an hour, a 2-minute
 * cooldown, scored payout dispatch with at most 5 open tasks per trader, and the new-trader gate on
 * (the simulation keeps the gate off: its traders stand for established ones).
 */
export const RECOMMENDED_ROUTING_SETTINGS: RoutingSettings = {
  ...DEFAULT_ROUTING_SETTINGS,
  mode: 'scored',
  pauseAfterFailures: 3,
  payouts: { ...DEFAULT_PAYOUT_DISPATCH, mode: 'scored', openTaskCap: 5 },
  newTrader: { ...DEFAULT_NEW_TRADER_GATE, enabled: true },
  limits: { ...DEFAULT_ROUTING_SETTINGS.limits, defaultCooldownSeconds: 120 },
};

/** The routing settings in effect now and when they were last set. */
export async function routingSettings(db: Executor): Promise<{ value: RoutingSettings; setAt: string | null }> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, ROUTING_SETTINGS_KEY));
  const parsed = row ? routingSettingsValue.safeParse(row.value) : null;
  return parsed?.success ? { value: parsed.data, setAt: isoMsOrNull(row?.updatedAt) } : { value: DEFAULT_ROUTING_SETTINGS, setAt: null };
}

/** Writes the settings inside the caller's transaction: only control changes (and the simulation's own database) call it. */
export async function writeRoutingSettings(tx: Tx, value: RoutingSettings, now: Date): Promise<void> {
  await tx
    .insert(platformSettings)
    .values({ key: ROUTING_SETTINGS_KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: now } });
}
