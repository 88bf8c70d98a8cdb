import { z } from 'zod';
import { FOUR_EYES_THRESHOLD_KEY, fourEyesThresholdValue } from '../disputes/four-eyes-threshold';
import { ROUTING_SETTINGS_KEY, routingSettingsValue } from '../routing/routing-settings';
import { HOT_WALLET_SETTINGS_KEY, hotWalletSettingsValue } from '../chain-sends/hot-wallet-settings';

/** Why the control should change, or why a change was rejected: required, kept in the audit log. */
const reason = z.string().trim().min(1, { error: 'is required' }).max(500);

/** One member per control (control-registry.ts), so a value is checked against its own control's shape. */
export const controlChangeInput = z.discriminatedUnion('control', [
  z.object({ control: z.literal(FOUR_EYES_THRESHOLD_KEY), value: fourEyesThresholdValue, reason }).strict(),
  z.object({ control: z.literal(ROUTING_SETTINGS_KEY), value: routingSettingsValue, reason }).strict(),
  z.object({ control: z.literal(HOT_WALLET_SETTINGS_KEY), value: hotWalletSettingsValue, reason }).strict(),
]);
export type ControlChangeInput = z.input<typeof controlChangeInput>;

export const decideControlChangeInput = z.discriminatedUnion('decision', [
  z.object({ changeId: z.uuid(), decision: z.literal('approve') }).strict(),
  z.object({ changeId: z.uuid(), decision: z.literal('reject'), reason }).strict(),
  z.object({ changeId: z.uuid(), decision: z.literal('withdraw') }).strict(),
]);
export type DecideControlChangeInput = z.input<typeof decideControlChangeInput>;
