import type { AccountLimitsInput } from '../../server/routing/set-account-limits';

export interface SimTrader {
  name: string;
  price: string;
  /** The BUY price the trader quotes for payouts. */
  buyPrice: string;
  /** The chance a buyer's payment to this trader's account goes through and is released, and that a payout it accepts is paid in time. */
  reliability: number;
  bank: string;
  balance: string;
  limits: { [K in keyof AccountLimitsInput]-?: AccountLimitsInput[K] };
}

const RELIABILITY = [0.55, 0.92, 0.6, 0.97, 0.7, 0.95, 0.65, 0.9, 0.96, 0.8, 0.93, 0.85, 0.97, 0.75, 0.94, 0.88, 0.96, 0.82, 0.9, 0.98];
const BANKS = ['ICBC', 'CCB', 'ABC', 'BOC', 'CMB'];

/**
 * The simulation's 20 traders (docs/routing.md, "Simulation"): prices 15 bps apart from 7.1000,
 * the cheapest among the least reliable (as on real desks), four banks and one whose transfers fail
 * for four hours, daily limits scaled to the day's volume (`scale` = pay-ins / 20,000).
 *
 * Up to 4,000 pay-ins a day one account with its cooldown and the base balance serve a trader's
 * share; past it the pool is sized for its day, as a real desk is: each trader holds USDT in
 * proportion (a released pay-in's USDT leaves the trader for good) and its account's cooldown
 * shrinks in proportion, as if the trader rotated that many accounts. Otherwise the day measures a
 * pool that runs dry by noon, in both modes alike, rather than routing.
 */
export function simTraders(scale: number): SimTrader[] {
  const sized = Math.max(1, scale / POOL_BASE_SCALE);
  return RELIABILITY.map((reliability, i) => ({
    name: `sim-trader-${String(i + 1).padStart(2, '0')}`,
    price: (7.1 + 0.0015 * i).toFixed(4),
    buyPrice: (7.05 - 0.001 * i).toFixed(4),
    reliability,
    bank: BANKS[i % BANKS.length]!,
    balance: `${Math.round((200_000 + 20_000 * i) * sized)}.00`,
    limits: {
      dailyOrderLimit: Math.max(1, Math.round((1000 + 100 * (i % 5)) * scale)),
      dailyFiatLimit: i % 2 === 1 ? `${Math.round(3_000_000 * scale)}.00` : null,
      minOrderFiat: null,
      maxOrderFiat: i % 4 === 0 ? '10000.00' : null,
      cooldownSeconds: Math.round((30 + 10 * (i % 4)) / sized),
    },
  }));
}

/** The day (4,000 pay-ins) that one account and the base balance per trader are sized for. */
const POOL_BASE_SCALE = 0.2;

/** BOC's transfers mostly fail from 08:00 to 12:00 (seconds into the day): bank health's case. */
export function bankFactor(bank: string, atSeconds: number): number {
  return bank === 'BOC' && atSeconds >= 8 * 3600 && atSeconds < 12 * 3600 ? 0.3 : 1;
}
