import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { merchants } from '../../db/schema';
import { isDomainError } from '../../server/errors';
import { acceptPayout } from '../../server/payouts/accept-payout';
import { applyPayoutTransition } from '../../server/payouts/apply-payout-transition';
import { placePayout } from '../../server/payouts/create-payout';
import { payoutDetailView } from '../../server/payouts/payout-view';
import { reassignPayout } from '../../server/payouts/reassign-payout';
import { payoutTaskRings } from '../../server/routing/payout-offers';
import type { RoutingSettings } from '../../server/routing/routing-settings';
import { seededRandom } from '../../server/routing/seeded-random';
import type { SimTrader } from './sim-traders';

export type PayoutEvent =
  | { kind: 'payout_arrive'; index: number }
  | { kind: 'payout_try'; index: number; round: number; orderId: string; traderId: string }
  | { kind: 'payout_proof'; orderId: string; traderId: string; confirm: boolean }
  | { kind: 'payout_decide'; orderId: string; confirm: boolean }
  | { kind: 'payout_overdue'; orderId: string; index: number; round: number }
  | { kind: 'payout_reassign'; orderId: string; index: number; round: number };

export interface PayoutSimResult {
  payouts: number;
  completed: number;
  /** Payouts that went overdue at least once. */
  overdue: number;
  disputed: number;
  medianAcceptSeconds: number | null;
  medianCompleteSeconds: number | null;
  /** Accepts taken by the 3 least reliable traders, over all accepts. */
  worstThreeShare: number;
  /** Accepts that took a trader above the open-task cap (the recommended 5; must be 0 where it is enforced). */
  capBreaches: number;
}

const DAY_SECONDS = 86_400;
const BANKS = ['ICBC', 'CCB', 'ABC', 'BOC', 'CMB'];
// A trader at its cap, or whose bond cannot cover the task, looks at the pool again after this.
const BUSY_RETRY_SECONDS = 60;
// Past this, a trader no longer looks again at a task it had no room for: the task stays in
// PENDING_MATCH, as an operator's stuck payout (docs/operator-guide.md, "Stuck payouts"), and counts
// as not completed. Without an end, a task larger than any trader's room under the bond's cap
// (its disputed pay-ins keep their escrow all day) was looked at every minute for ever.
const LAST_LOOK_SECONDS = DAY_SECONDS + 2 * 3600;
// An operator works through the overdue list this long after a task goes overdue (docs/operator-guide.md, "Stuck payouts").
const OPERATOR_SECONDS = 300;
const DECIDE_SECONDS = 120;
/** The cap the simulation measures against: the recommended setting (docs/routing.md, "Payout dispatch"). */
export const SIM_TASK_CAP = 5;

/** What happens to each payout, drawn from the seed alone: the same in every dispatch mode. */
interface PayoutPlan {
  at: number;
  fiatAmount: string;
  bank: string;
  /** Below the accepting trader's reliability: the trader pays in time. */
  luck: number;
  /** A failure is a dispute (paid wrong, the merchant disputes) rather than an overdue when below 0.3. */
  disputeDraw: number;
  paySeconds: number;
}

function payoutPlans(seed: number, count: number): PayoutPlan[] {
  const random = seededRandom(seed * 31 + 17);
  const list: PayoutPlan[] = [];
  let at = 0;
  for (let i = 0; i < count; i += 1) {
    at += -Math.log(1 - random()) * (DAY_SECONDS / count);
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const amount = Math.min(50_000, Math.max(100, Math.round(Math.exp(Math.log(1500) + 0.8 * normal))));
    list.push({
      at: Math.min(at, DAY_SECONDS - 1),
      fiatAmount: `${amount}.00`,
      bank: BANKS[Math.floor(random() * BANKS.length)]!,
      luck: random(),
      disputeDraw: random(),
      paySeconds: 120 + random() * 780,
    });
  }
  return list;
}

/**
 * How long each trader takes to notice a task and press accept, per payout and round, from the
 * seed alone. The least reliable traders are the quickest to grab (as on real desks): mean 3 s at
 * 55% reliability to about 12 s at 98%.
 */
function reactionSeconds(seed: number, index: number, round: number, traders: SimTrader[]): number[] {
  const random = seededRandom(seed * 104_729 + index * 131 + round);
  return traders.map((trader) => {
    const mean = 2 + 22 * (trader.reliability - 0.5);
    return 0.5 - Math.log(1 - random()) * mean;
  });
}

/**
 * Payouts through the real create, accept, proof, decision, overdue and reassign code with the
 * simulated clock (docs/routing.md, "Simulation"). Each trader tries to accept its reaction time
 * after the task shows on its pool page (under scored dispatch, when its ring reaches the trader); a
 * trader refused with PAYOUT_NOT_OFFERED (its rank fell since) tries again when the task reaches it,
 * one at its cap a minute later. A task that goes overdue is reassigned by an
 * operator five minutes later and offered again.
 */
export class PayoutSimulation {
  private readonly plans: PayoutPlan[];
  private readonly taken = new Set<string>();
  private readonly ids: string[];
  private readonly sims: SimTrader[];

  constructor(
    private readonly db: Db,
    private readonly input: {
      seed: number;
      payouts: number;
      merchant: typeof merchants.$inferSelect;
      byId: Map<string, SimTrader>;
      operatorId: string;
      settings: RoutingSettings;
      /** The simulated day's start: an instant converts back to seconds into the day. */
      dayStart: Date;
      push: (at: number, event: PayoutEvent) => void;
    },
  ) {
    this.plans = payoutPlans(input.seed, input.payouts);
    this.ids = [...input.byId.keys()];
    this.sims = this.ids.map((id) => input.byId.get(id)!);
    this.plans.forEach((plan, index) => input.push(plan.at, { kind: 'payout_arrive', index }));
  }

  async handle(at: number, event: PayoutEvent, now: Date): Promise<void> {
    const { db, input } = this;
    if (event.kind === 'payout_arrive') {
      const plan = this.plans[event.index]!;
      const order = await db.transaction((tx) =>
        placePayout(
          tx,
          {
            merchant: input.merchant,
            input: {
              merchantOrderNo: `sim-payout-${event.index}`,
              fiatAmount: plan.fiatAmount,
              recipient: { holderName: 'Sim Recipient', bankAccount: '6222020200112233445', bankName: plan.bank },
            } as never,
            now,
          },
        ),
      );
      await this.offer(at, now, event.index, 0, order.id);
    } else if (event.kind === 'payout_try') {
      if (this.taken.has(`${event.orderId}:${event.round}`)) return;
      try {
        const order = await acceptPayout(db, { traderId: event.traderId, orderId: event.orderId }, now);
        this.taken.add(`${event.orderId}:${event.round}`);
        this.afterAccept(at, event.index, event.round, event.orderId, event.traderId, order.paymentDueAt!);
      } catch (error) {
        if (isDomainError(error, 'PAYOUT_NOT_OFFERED')) {
          const wait = Number(error.meta?.offeredInSeconds ?? '1');
          input.push(at + Math.max(wait, 0.001), event);
        } else if (isDomainError(error, 'PAYOUT_TASK_CAP_REACHED') || isDomainError(error, 'EXPOSURE_CAP_EXCEEDED')) {
          if (at + BUSY_RETRY_SECONDS <= LAST_LOOK_SECONDS) input.push(at + BUSY_RETRY_SECONDS, event);
        } else if (isDomainError(error, 'INVALID_ORDER_STATE')) {
          // Another trader was quicker, or the task is no longer in the pool.
        } else throw error;
      }
    } else if (event.kind === 'payout_proof') {
      await db.transaction((tx) =>
        applyPayoutTransition(tx, {
          orderId: event.orderId,
          action: 'submit_proof',
          actor: { type: 'trader', id: event.traderId },
          scope: { traderId: event.traderId },
          now,
          context: { proofCount: 1 },
          set: (row) => ({ firstProofSubmittedAt: row.firstProofSubmittedAt ?? now, merchantActionDueAt: new Date(now.getTime() + 86_400_000) }),
          eventData: payoutDetailView,
        }),
      );
      input.push(at + DECIDE_SECONDS, { kind: 'payout_decide', orderId: event.orderId, confirm: event.confirm });
    } else if (event.kind === 'payout_decide') {
      const reason = 'The money did not arrive.';
      await db.transaction((tx) =>
        applyPayoutTransition(tx, {
          orderId: event.orderId,
          action: event.confirm ? 'confirm' : 'dispute',
          actor: { type: 'merchant', id: input.merchant.id },
          now,
          ...(event.confirm
            ? { set: () => ({ completedAt: now }) }
            : { context: { reason }, note: reason, set: () => ({ disputeReason: reason, disputedAt: now }) }),
          eventData: payoutDetailView,
        }),
      );
    } else if (event.kind === 'payout_overdue') {
      await db.transaction((tx) =>
        applyPayoutTransition(tx, {
          orderId: event.orderId,
          action: 'mark_overdue',
          actor: { type: 'system' },
          now,
          guardFrom: (row) => ({ dueAt: row.paymentDueAt }),
          eventData: payoutDetailView,
        }),
      );
      input.push(at + OPERATOR_SECONDS, { kind: 'payout_reassign', orderId: event.orderId, index: event.index, round: event.round + 1 });
    } else {
      await reassignPayout(db, { orderId: event.orderId, note: 'Overdue: offered to other traders.', operator: { id: input.operatorId }, now });
      await this.offer(at, now, event.index, event.round, event.orderId);
    }
  }

  /**
   * Every trader tries to accept its reaction time after the task shows on its pool page; the first
   * the rules allow wins. Under first accept it shows to all at once; under scored dispatch when its
   * ring reaches the trader (the page lists offered tasks only, and looks again when the next one
   * reaches it), read once per offer from the ranking the accept itself checks.
   */
  private async offer(at: number, now: Date, index: number, round: number, orderId: string): Promise<void> {
    const reactions = reactionSeconds(this.input.seed, index, round, this.sims);
    const { settings } = this.input;
    const shown = new Map<string, number>();
    if (settings.payouts.mode === 'scored') {
      const rings = await payoutTaskRings(this.db, { orderId, now, windowMinutes: settings.windowMinutes, dispatch: settings.payouts });
      for (const ring of rings) shown.set(ring.traderId, ring.offeredInSeconds);
    }
    reactions.forEach((seconds, i) => {
      const traderId = this.ids[i]!;
      this.input.push(at + (shown.get(traderId) ?? 0) + seconds, { kind: 'payout_try', index, round, orderId, traderId });
    });
  }

  /** The accepting trader pays in time (then the merchant confirms), pays wrong (the merchant disputes), or lets it go overdue. */
  private afterAccept(at: number, index: number, round: number, orderId: string, traderId: string, paymentDueAt: Date): void {
    const plan = this.plans[index]!;
    const trader = this.input.byId.get(traderId)!;
    // A transfer within the same bank arrives at once: the trader is done sooner.
    const paySeconds = trader.bank === plan.bank ? plan.paySeconds / 2 : plan.paySeconds;
    // Each round is a new trader's try: the same draw would make every retry fail alike.
    const luck = (plan.luck + 0.618_034 * round) % 1;
    const dueAt = (paymentDueAt.getTime() - this.input.dayStart.getTime()) / 1000;
    if (luck < trader.reliability && at + paySeconds < dueAt) this.input.push(at + paySeconds, { kind: 'payout_proof', orderId, traderId, confirm: true });
    else if (plan.disputeDraw < 0.3) this.input.push(at + paySeconds, { kind: 'payout_proof', orderId, traderId, confirm: false });
    else this.input.push(dueAt, { kind: 'payout_overdue', orderId, index, round });
  }

  async measure(worstIds: string[]): Promise<PayoutSimResult> {
    const [totals] = rowsOf<Record<string, string | null>>(
      await this.db.execute(sql`
        with first_accept as (
          select order_id, min(created_at) as at from order_transitions where flow = 'payout' and action = 'accept' group by order_id
        )
        select count(*) filter (where o.status = 'COMPLETED') as completed,
               count(*) filter (where o.disputed_at is not null) as disputed,
               (select count(distinct order_id) from order_transitions where flow = 'payout' and action = 'mark_overdue') as overdue,
               percentile_cont(0.5) within group (order by extract(epoch from f.at - o.created_at)) filter (where f.at is not null) as median_accept,
               percentile_cont(0.5) within group (order by extract(epoch from o.completed_at - o.created_at)) filter (where o.completed_at is not null) as median_complete
        from payout_orders o left join first_accept f on f.order_id = o.id`),
    );
    const [share] = rowsOf<{ all: string; worst: string }>(
      await this.db.execute(sql`
        select count(*) as all, count(*) filter (where actor_id in (${sql.join(worstIds.map((id) => sql`${id}`), sql`, `)})) as worst
        from order_transitions where flow = 'payout' and action = 'accept'`),
    );
    return {
      payouts: this.input.payouts,
      completed: Number(totals!.completed),
      overdue: Number(totals!.overdue),
      disputed: Number(totals!.disputed),
      medianAcceptSeconds: totals!.median_accept === null ? null : Number(totals!.median_accept),
      medianCompleteSeconds: totals!.median_complete === null ? null : Number(totals!.median_complete),
      worstThreeShare: Number(share!.all) === 0 ? 0 : Number(share!.worst) / Number(share!.all),
      capBreaches: await capBreaches(this.db),
    };
  }
}

/**
 * Accepts that took a trader above SIM_TASK_CAP, counted from the timeline rather than from what
 * the accept checked: a task is held from its accept to the next proof, give-back, reassignment or
 * cancellation; an accept breaches when, with it, its trader held more.
 */
async function capBreaches(db: Db): Promise<number> {
  const [row] = rowsOf<{ breaches: string }>(
    await db.execute(sql`
      with hold as (
        select a.id, a.actor_id as trader_id,
               (select min(n.id) from order_transitions n where n.order_id = a.order_id and n.id > a.id
                  and n.action in ('submit_proof', 'release_task', 'reassign', 'cancel', 'merchant_cancel')) as end_id
        from order_transitions a where a.flow = 'payout' and a.action = 'accept'
      )
      select count(*) as breaches from hold a
      where (select count(*) from hold h where h.trader_id = a.trader_id and h.id <= a.id and (h.end_id is null or h.end_id > a.id)) > ${SIM_TASK_CAP}`),
  );
  return Number(row!.breaches);
}
