import { describe, expect, it } from 'vitest';
import type { PayinCandidate } from './payin-candidates';
import { DEFAULT_ROUTING_SETTINGS, type RoutingSettings } from './routing-settings';
import { scoreCandidate, signalValues } from './score-candidate';
import { orderCandidates } from './select-route';
import { seededRandom } from './seeded-random';

const scored: RoutingSettings = { ...DEFAULT_ROUTING_SETTINGS, mode: 'scored' };

function candidate(traderId: string, overrides: Partial<PayinCandidate['signals']> = {}, price = '7.2000'): PayinCandidate {
  return {
    traderId,
    price,
    bankAccountId: `account-${traderId}`,
    autoConfirm: false,
    canEscrow: true,
    fiatAmount: '720.00',
    signals: {
      bankName: 'ICBC',
      completed: 0,
      failed: 0,
      failedLastHour: 0,
      bankCompleted: 0,
      bankFailed: 0,
      ordersToday: 0,
      orderLimit: null,
      fiatUsedShare: null,
      secondsSinceLastOrder: null,
      tierPosition: 0.5,
      balanceCover: 100,
      lastMatchedAt: null,
      reputation: null,
      ...overrides,
    },
  };
}

describe('each routing signal', () => {
  it('price: the best price scores 1, a quote at the spread limit 0, half way 0.5', () => {
    expect(signalValues(candidate('a'), '7.2000', scored).price).toBe(1);
    expect(signalValues(candidate('a', {}, '7.2360'), '7.2000', scored).price).toBeCloseTo(0, 6); // 50 bps
    expect(signalValues(candidate('a', {}, '7.2180'), '7.2000', scored).price).toBeCloseTo(0.5, 6);
  });
  it('success: the smoothed rate of completed over settled falls with failures', () => {
    const good = signalValues(candidate('a', { completed: 20, failed: 0 }), '7.2000', scored).success;
    const fresh = signalValues(candidate('a'), '7.2000', scored).success;
    const bad = signalValues(candidate('a', { completed: 5, failed: 15 }), '7.2000', scored).success;
    expect(fresh).toBeCloseTo(0.8, 6);
    expect(good).toBeGreaterThan(fresh);
    expect(bad).toBeLessThan(0.5);
  });
  it('headroom: the smaller room of the daily count and the daily CNY', () => {
    expect(signalValues(candidate('a', { ordersToday: 30, orderLimit: 40 }), '7.2000', scored).headroom).toBeCloseTo(0.25, 6);
    expect(signalValues(candidate('a', { ordersToday: 1, orderLimit: 40, fiatUsedShare: 0.9 }), '7.2000', scored).headroom).toBeCloseTo(0.1, 6);
    expect(signalValues(candidate('a'), '7.2000', scored).headroom).toBe(1);
  });
  it('cooldown: rises with the time since the last order, full after 10 minutes', () => {
    expect(signalValues(candidate('a', { secondsSinceLastOrder: 60 }), '7.2000', scored).cooldown).toBeCloseTo(0.1, 6);
    expect(signalValues(candidate('a', { secondsSinceLastOrder: 6000 }), '7.2000', scored).cooldown).toBe(1);
  });
  it('bank health: failures on the same bank across traders lower it', () => {
    expect(signalValues(candidate('a', { bankCompleted: 10, bankFailed: 30 }), '7.2000', scored).bankHealth).toBeLessThan(0.4);
    expect(signalValues(candidate('a', { bankCompleted: 40, bankFailed: 0 }), '7.2000', scored).bankHealth).toBeGreaterThan(0.95);
  });
  it('amount fit: best in the middle of the range, half at its ends', () => {
    expect(signalValues(candidate('a', { tierPosition: 0.5 }), '7.2000', scored).amountFit).toBe(1);
    expect(signalValues(candidate('a', { tierPosition: 0 }), '7.2000', scored).amountFit).toBe(0.5);
  });
  it('balance: full when the available USDT covers 20 such orders', () => {
    expect(signalValues(candidate('a', { balanceCover: 5 }), '7.2000', scored).balance).toBeCloseTo(0.25, 6);
    expect(signalValues(candidate('a', { balanceCover: 40 }), '7.2000', scored).balance).toBe(1);
  });
  it('recent failures take 5, 15 and 30 points for 1, 2 and 3 in the last hour', () => {
    const base = scoreCandidate(candidate('a'), '7.2000', scored).score;
    expect(base - scoreCandidate(candidate('a', { failedLastHour: 1 }), '7.2000', scored).score).toBeCloseTo(5, 6);
    expect(base - scoreCandidate(candidate('a', { failedLastHour: 2 }), '7.2000', scored).score).toBeCloseTo(15, 6);
    expect(base - scoreCandidate(candidate('a', { failedLastHour: 7 }), '7.2000', scored).score).toBeCloseTo(30, 6);
  });
  it('reputation: the record of the last 30 days; a trader without one scores 0.84, a poor one less, each point by its weight', () => {
    expect(signalValues(candidate('a'), '7.2000', scored).reputation).toBe(0.84);
    const poor = candidate('a', { reputation: { completed: 10, failed: 10, medianReleaseSeconds: 960, disputesLost: 2 } });
    // 0.6 x 14/25 + 0.2 x (1 - 840/1680) + 0.2 x (1 - 0.5) = 0.336 + 0.1 + 0.1
    expect(signalValues(poor, '7.2000', scored).reputation).toBe(0.536);
    const fresh = scoreCandidate(candidate('a'), '7.2000', scored);
    const poorScore = scoreCandidate(poor, '7.2000', scored);
    expect(fresh.points.reputation).toBe(8.4);
    expect(poorScore.points.reputation).toBe(5.36);
    expect(fresh.score - poorScore.score).toBeCloseTo(3.04, 6);
    // With its weight at 0 (a value stored before the signal existed) the record changes nothing.
    const off = { ...scored, weights: { ...scored.weights, reputation: 0 } };
    expect(scoreCandidate(poor, '7.2000', off).score).toBe(scoreCandidate(candidate('a'), '7.2000', off).score);
  });
  it("a trader's own weights override the platform's", () => {
    const platform = scoreCandidate(candidate('a', { balanceCover: 0 }), '7.2000', scored);
    const own = scoreCandidate(candidate('a', { balanceCover: 0 }), '7.2000', scored, { price: 60 });
    expect(own.score - platform.score).toBeCloseTo(30, 6);
  });
});

describe('selection', () => {
  const pool = Array.from({ length: 8 }, (_, i) => candidate(`t${i}`, { completed: 40 - i * 5, failed: i * 5 }));

  it('price mode tries the candidates in the order they come', () => {
    const ordered = orderCandidates(pool, DEFAULT_ROUTING_SETTINGS, seededRandom(1));
    expect(ordered.map((c) => c.candidate.traderId)).toEqual(pool.map((c) => c.traderId));
    expect(ordered[0]!.route).toMatchObject({ mode: 'price', pick: 'price', score: null });
  });

  it('scored mode picks among the top K, and explores outside it at about the exploration share', () => {
    const random = seededRandom(42);
    const settings = { ...scored, exploration: 0.1, topK: 3 };
    let explored = 0;
    const draws = 2000;
    for (let i = 0; i < draws; i += 1) {
      const [first] = orderCandidates(pool, settings, random);
      const index = Number(first!.candidate.traderId.slice(1));
      if (first!.route.pick === 'exploration') {
        explored += 1;
        expect(index).toBeGreaterThanOrEqual(3);
      } else expect(index).toBeLessThan(3);
    }
    expect(explored / draws).toBeGreaterThan(0.08);
    expect(explored / draws).toBeLessThan(0.12);
  });

  it('never explores with a zero share, and the same seed gives the same order', () => {
    const settings = { ...scored, exploration: 0 };
    const a = seededRandom(7);
    const b = seededRandom(7);
    for (let i = 0; i < 200; i += 1) {
      const first = orderCandidates(pool, settings, a);
      expect(first[0]!.route.pick).toBe('top_k');
      expect(orderCandidates(pool, settings, b).map((c) => c.candidate.traderId)).toEqual(first.map((c) => c.candidate.traderId));
    }
  });

  it('falls back best score first after the pick, and drops quotes beyond the price spread', () => {
    const far = candidate('far', { completed: 100 }, '7.3000');
    const ordered = orderCandidates([...pool, far], { ...scored, exploration: 0 }, seededRandom(3));
    expect(ordered.map((c) => c.candidate.traderId)).not.toContain('far');
    const rest = ordered.slice(1).map((c) => c.route.score!.score);
    expect(rest).toEqual([...rest].sort((x, y) => y - x));
    expect(ordered.slice(1).every((c) => c.route.pick === 'fallback')).toBe(true);
  });
});
