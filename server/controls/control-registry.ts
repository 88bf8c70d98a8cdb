import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import {
  FOUR_EYES_THRESHOLD_KEY,
  fourEyesThreshold,
  fourEyesThresholdValue,
  writeFourEyesThreshold,
  type FourEyesThresholdValue,
} from '../disputes/four-eyes-threshold';
import { ROUTING_SETTINGS_KEY, routingSettings, routingSettingsValue, writeRoutingSettings, type RoutingSettings } from '../routing/routing-settings';
import {
  HOT_WALLET_SETTINGS_KEY,
  displayHotWalletSettings,
  hotWalletSettingsControl,
  hotWalletSettingsValue,
  writeHotWalletSettings,
  type HotWalletSettings,
} from '../chain-sends/hot-wallet-settings';

/**
 * A platform setting that guards money (docs/security.md, "Control changes"): it changes only
 * through a change another operator approves, or from the command line with a recorded reason.
 */
export interface ControlDefinition<V> {
  /** The value's shape, as a change carries it. */
  value: z.ZodType<V>;
  /** The value in effect now (its default while never set) and when it was last set. */
  read(db: Executor): Promise<{ value: V; setAt: string | null }>;
  /** Stores a value, inside the transaction that approves or records the change. */
  write(tx: Tx, value: V, now: Date): Promise<void>;
  /** The value as people read it (the console, the CLI, the audit log's old and new value). */
  display(value: V): string;
  /** The audit action of the value's change itself, whoever made it. */
  auditAction: string;
}

/** Every control; a new money-guarding setting joins here and in control-change.schema.ts. */
export const controlKeys = [FOUR_EYES_THRESHOLD_KEY, ROUTING_SETTINGS_KEY, HOT_WALLET_SETTINGS_KEY] as const;
export type ControlKey = (typeof controlKeys)[number];

const fourEyes: ControlDefinition<FourEyesThresholdValue> = {
  value: fourEyesThresholdValue,
  read: async (db) => {
    const { amount, setAt } = await fourEyesThreshold(db);
    return { value: { amount }, setAt };
  },
  write: writeFourEyesThreshold,
  display: (value) => value.amount,
  auditAction: 'four_eyes_threshold.set',
};

// Routing (docs/routing.md, "Settings"): which trader a buyer's money goes to, the bounds of the traders' account limits, and how payout tasks reach traders.
const routing: ControlDefinition<RoutingSettings> = {
  value: routingSettingsValue,
  read: routingSettings,
  write: writeRoutingSettings,
  display: (value) =>
    [
      value.mode,
      value.pauseAfterFailures === null ? 'no pause' : `pause after ${value.pauseAfterFailures} failures/h for ${value.pauseMinutes} min`,
      `cooldown ${value.limits.defaultCooldownSeconds} s`,
      `weights ${Object.entries(value.weights).map(([key, weight]) => `${key} ${weight}`).join(', ')}`,
      value.bond.capEnabled ? `bond cap on, multiple ${value.bond.multiple}` : 'bond cap off',
      `payouts ${value.payouts.mode === 'scored' ? `scored, rings ${value.payouts.rings.join('/')} every ${value.payouts.ringSeconds} s` : 'first accept'}`,
      value.payouts.openTaskCap === null ? 'no open-task cap' : `open-task cap ${value.payouts.openTaskCap}`,
      value.newTrader.enabled
        ? `new traders up to ${value.newTrader.dailyOrders} orders/day and ${value.newTrader.maxOrderFiat} CNY/order until ${value.newTrader.minCompletedOrders} orders and ${value.newTrader.minDays} days`
        : 'new-trader gate off',
    ].join('; '),
  auditAction: 'routing_settings.set',
};

// The hot wallets (docs/wallet.md, "Target balance and cold storage"): the sweep threshold, the target per chain and the cold address the excess goes to.
const hotWallet: ControlDefinition<HotWalletSettings> = {
  value: hotWalletSettingsValue,
  read: hotWalletSettingsControl,
  write: writeHotWalletSettings,
  display: displayHotWalletSettings,
  auditAction: 'hot_wallet_settings.set',
};

const registry: Record<ControlKey, ControlDefinition<never>> = {
  [FOUR_EYES_THRESHOLD_KEY]: fourEyes as ControlDefinition<never>,
  [ROUTING_SETTINGS_KEY]: routing as ControlDefinition<never>,
  [HOT_WALLET_SETTINGS_KEY]: hotWallet as ControlDefinition<never>,
};

/** A control by its key, with its value seen as plain JSON (each control's schema checked it). */
export function controlOf(key: ControlKey): ControlDefinition<Record<string, unknown>> {
  return registry[key] as unknown as ControlDefinition<Record<string, unknown>>;
}

export function isControlKey(key: string): key is ControlKey {
  return (controlKeys as readonly string[]).includes(key);
}

/** Values are compared as their canonical JSON (each schema is strict and normalises nothing away). */
export function sameControlValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
