import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import type { PayoutDispatchSettings, PayoutWeights } from './routing-settings';

/** Each payout signal's value in [0, 1] before its weight (docs/routing.md, "Payout dispatch"). */
type PayoutSignals = Record<keyof PayoutWeights, number>;

/** One open task as one trader sees it under scored dispatch. */
interface PayoutOffer {
  orderId: string;
  /** Seconds since the task entered the pool (its creation, or its last release or reassignment). */
  ageSeconds: number;
  /** Traders ranked for the task: online, active, under their cap, with a BUY quote that holds its amount. */
  eligible: number;
  /** This trader's place among them (1 = best); null when it is not ranked (at its cap, offline, no fitting quote, or the trader the task was taken from). */
  rank: number | null;
  /** The first ring (1-based) that holds this trader; null: only once the task is open to everyone. */
  ring: number | null;
  /** Whether the task is offered to this trader now, and if not, in how many seconds it will be. */
  offered: boolean;
  offeredInSeconds: number;
  score: { score: number; signals: PayoutSignals; points: PayoutSignals; openTasks: number; cap: number | null } | null;
}

/** What a page of the pool needs besides the offer (no recipient details). */
export interface OfferedTask extends PayoutOffer {
  orderNo: string;
  lockedFiatAmount: string;
  usdAmount: string;
  fxRate: string;
  bankName: string;
  createdAt: Date;
  matchDueAt: Date;
}

type Row = {
  id: string;
  orderNo: string;
  lockedFiatAmount: string;
  usdAmount: string;
  fxRate: string;
  bankName: string;
  createdAt: Date | string;
  matchDueAt: Date | string;
  age: string;
  eligible: number | string | null;
  rank: number | string | null;
  ring: number | string | null;
  offeredIn: string;
  score: string | null;
  success: string | null;
  onTime: string | null;
  load: string | null;
  bank: string | null;
  openTasks: number | string | null;
  cap: number | string | null;
};

// A trader with no record starts as if it had finished 4 of 5 well (as pay-in routing's prior): neither favoured nor shut out.
const PRIOR_GOOD = 4;
const PRIOR_WEIGHT = 5;

/**
 * Scored payout dispatch (docs/routing.md, "Payout dispatch"), in one statement: every trader that
 * could take a task now is scored from its payout record over the window (success: tasks completed
 * without a dispute over those completed or disputed; on time: accepts followed by a proof rather
 * than by going overdue; load: open tasks against its cap; bank: an account at the recipient's
 * bank), ranked per task, and the task is offered to the first ring, then the next after
 * `ringSeconds`, and to every trader after the last ring. The ring is computed from the task's age
 * and the trader's rank at read time, so widening costs no write.
 *
 * `orderId` reads one task whatever its amount (the accept); otherwise the open tasks whose amount
 * one of the trader's active BUY quotes holds (the pool list), offered ones only, newest first.
 */
export async function payoutOffers(
  db: Executor,
  input: {
    traderId: string;
    now: Date;
    windowMinutes: number;
    dispatch: PayoutDispatchSettings;
    orderId?: string;
    page?: { page: number; pageSize: number };
  },
): Promise<OfferedTask[]> {
  const { dispatch } = input;
  const w = dispatch.weights;
  const rings = ringsArray(dispatch);
  const ringCount = dispatch.rings.length;
  const ringSeconds = dispatch.ringSeconds;
  const page = input.page ?? { page: 1, pageSize: 1 };
  const rows = rowsOf<Row>(
    await db.execute(sql`
      ${rankingCtes(input)}, mine as (
        select task.*, m.rank, m.score, m.success, m.on_time, m.load, m.bank, m.open_tasks, m.cap,
               (select count(*) from placed e where e.order_id = task.id) as eligible,
               (select min(k) from unnest(${rings}) with ordinality as r(size, k) where m.rank <= r.size) as ring
        from task
        left join placed m on m.order_id = task.id and m.trader_id = ${input.traderId}
      ), offer as (
        -- Ring k (1-based) opens k - 1 ring lengths after the task entered the pool; everyone after the last.
        select mine.*, greatest(0, (coalesce(ring, ${ringCount + 1}) - 1) * ${ringSeconds} - age) as offered_in from mine
      )
      select id, order_no as "orderNo", locked_fiat_amount::text as "lockedFiatAmount", usd_amount::text as "usdAmount",
             fx_rate::text as "fxRate", recipient_bank_name as "bankName", created_at as "createdAt", match_due_at as "matchDueAt",
             age::text as age, eligible, rank, ring, offered_in::text as "offeredIn", score::text as score,
             success::text as success, on_time::text as "onTime", load::text as load, bank::text as bank,
             open_tasks as "openTasks", cap
      from offer
      ${input.orderId ? sql`` : sql`where offered_in = 0`}
      order by created_at desc, id desc
      limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`),
  );
  return rows.map((row) => offerOf(row, w));
}

/**
 * When one open task reaches each online, active trader under scored dispatch, in seconds from
 * `now` (0: offered now), from the same ranking the accept checks (payoutOffers): a trader not
 * ranked for it (at its cap, no fitting quote, the trader it was taken from) is offered it once it
 * is open to everyone. Empty when the task is not in the pool. The routing simulation schedules its
 * traders' looks at the pool with it (docs/routing.md, "Simulation").
 */
export async function payoutTaskRings(
  db: Executor,
  input: { orderId: string; now: Date; windowMinutes: number; dispatch: PayoutDispatchSettings },
): Promise<{ traderId: string; offeredInSeconds: number }[]> {
  const rings = ringsArray(input.dispatch);
  const rows = rowsOf<{ traderId: string; offeredIn: string }>(
    await db.execute(sql`
      ${rankingCtes(input)}
      select t.id as "traderId",
             greatest(0, (coalesce((select min(k) from unnest(${rings}) with ordinality as r(size, k) where m.rank <= r.size),
                                   ${input.dispatch.rings.length + 1}) - 1) * ${input.dispatch.ringSeconds} - task.age)::text as "offeredIn"
      from task
      cross join traders t
      left join placed m on m.order_id = task.id and m.trader_id = t.id
      where t.online and t.status = 'active'
      order by t.id`),
  );
  return rows.map((row) => ({ traderId: row.traderId, offeredInSeconds: Number(row.offeredIn) }));
}

/**
 * The soonest a fitting open task not yet offered to this trader will be, in seconds (null: none
 * waits), so the pool page looks again then rather than polling.
 */
export async function nextOfferInSeconds(
  db: Executor,
  input: { traderId: string; now: Date; windowMinutes: number; dispatch: PayoutDispatchSettings },
): Promise<number | null> {
  const ringCount = input.dispatch.rings.length;
  if (ringCount === 0) return null;
  // The last ring opens to everyone at ringCount * ringSeconds: only tasks younger than that can still widen.
  const since = new Date(input.now.getTime() - ringCount * input.dispatch.ringSeconds * 1000);
  const rows = rowsOf<{ age: string }>(
    await db.execute(sql`
      select min(extract(epoch from ${input.now.toISOString()}::timestamptz - coalesce(o.offered_since, o.created_at)))::text as age
      from payout_orders o
      where o.status = 'PENDING_MATCH' and coalesce(o.offered_since, o.created_at) > ${since.toISOString()}::timestamptz
        and not exists (select 1 from risk_holds h where h.flow = 'payout' and h.order_id = o.id and h.state = 'held')
        and exists (select 1 from trader_quotes q where q.trader_id = ${input.traderId} and q.side = 'BUY' and q.active
                    and q.min_fiat <= o.locked_fiat_amount and q.max_fiat >= o.locked_fiat_amount)`),
  );
  const age = rows[0]?.age;
  if (age === null || age === undefined) return null;
  // The next ring boundary after the youngest such task's age; a nearer one of an older task is at most this far.
  const ageSeconds = Math.max(0, Number(age));
  return Math.max(1, Math.ceil((Math.floor(ageSeconds / input.dispatch.ringSeconds) + 1) * input.dispatch.ringSeconds - ageSeconds));
}

const num = (value: number | string | null) => (value === null ? null : Number(value));
const round = (value: number) => Math.round(value * 1000) / 1000;

function offerOf(row: Row, weights: PayoutWeights): OfferedTask {
  const offeredIn = Number(row.offeredIn);
  const rank = num(row.rank);
  const signals: PayoutSignals | null =
    rank === null ? null : { success: round(Number(row.success)), onTime: round(Number(row.onTime)), load: round(Number(row.load)), bank: round(Number(row.bank)) };
  return {
    orderId: row.id,
    orderNo: row.orderNo,
    lockedFiatAmount: row.lockedFiatAmount,
    usdAmount: row.usdAmount,
    fxRate: row.fxRate,
    bankName: row.bankName,
    createdAt: new Date(row.createdAt),
    matchDueAt: new Date(row.matchDueAt),
    ageSeconds: round(Number(row.age)),
    eligible: num(row.eligible) ?? 0,
    rank,
    ring: num(row.ring),
    offered: offeredIn <= 0,
    offeredInSeconds: Math.ceil(offeredIn),
    score: signals
      ? {
          score: round(Number(row.score)),
          signals,
          points: {
            success: round(weights.success * signals.success),
            onTime: round(weights.onTime * signals.onTime),
            load: round(weights.load * signals.load),
            bank: round(weights.bank * signals.bank),
          },
          openTasks: num(row.openTasks) ?? 0,
          cap: num(row.cap),
        }
      : null,
  };
}

/** What the ranking of open tasks reads: one task (orderId) or those the trader's BUY quotes hold. */
interface RankingInput {
  traderId?: string;
  now: Date;
  windowMinutes: number;
  dispatch: PayoutDispatchSettings;
  orderId?: string;
}

// Ring sizes are validated integers (routing-settings.ts): spelt into the statement as an array literal.
function ringsArray(dispatch: PayoutDispatchSettings): SQL {
  return sql.raw(`array[${dispatch.rings.map((size) => Math.trunc(size)).join(',')}]::int[]`);
}

/**
 * The common table expressions the reads share: `task` (the open tasks read) and `placed` (every
 * trader ranked for each, with its score and its parts), ending without a comma.
 */
function rankingCtes(input: RankingInput): SQL {
  const { dispatch, now } = input;
  const w = dispatch.weights;
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const windowStart = sql`${new Date(now.getTime() - input.windowMinutes * 60_000).toISOString()}::timestamptz`;
  const taskFilter: SQL = input.orderId
    ? sql`o.id = ${input.orderId}`
    : sql`exists (select 1 from trader_quotes q where q.trader_id = ${input.traderId} and q.side = 'BUY' and q.active
                  and q.min_fiat <= o.locked_fiat_amount and q.max_fiat >= o.locked_fiat_amount)`;
  return sql`
      with task as (
        select o.id, o.order_no, o.locked_fiat_amount, o.usd_amount, o.fx_rate, o.recipient_bank_name, o.created_at, o.match_due_at,
               o.passed_trader_id, greatest(0, extract(epoch from ${nowParam} - coalesce(o.offered_since, o.created_at))) as age
        from payout_orders o
        -- A payout a risk rule holds is offered to no one until an operator approves it (docs/risk.md).
        where o.status = 'PENDING_MATCH' and ${taskFilter}
          and not exists (select 1 from risk_holds h where h.flow = 'payout' and h.order_id = o.id and h.state = 'held')
      ), pool as (
        -- Traders that could take a task now; one at its cap is not ranked, so the next is offered instead.
        select t.id as trader_id, coalesce(t.payout_task_cap, ${dispatch.openTaskCap}::int) as cap,
               (select count(*) from payout_orders p where p.trader_id = t.id and p.status in ('PENDING_PAYMENT', 'PAYMENT_OVERDUE'))::int as open_tasks
        from traders t
        where t.online and t.status = 'active'
      ), accepted as materialized (
        -- Each accept in the window and what came next: a proof (on time), overdue, or a give-back.
        -- Materialized, as are the two totals below: computed once per statement, whatever the
        -- planner guesses of the window's size (inlined, each was recomputed for every trader ranked).
        select a.actor_id as trader_id,
               (select n.action from order_transitions n
                 where n.order_id = a.order_id and n.id > a.id and n.action in ('submit_proof', 'mark_overdue', 'release_task')
                 order by n.id limit 1) as next_action
        from order_transitions a
        where a.flow = 'payout' and a.action = 'accept' and a.actor_type = 'trader'
          and a.created_at >= ${windowStart} and a.created_at <= ${nowParam}
      ), timeliness as materialized (
        select trader_id, count(*) filter (where next_action = 'submit_proof') as on_time,
               count(*) filter (where next_action = 'mark_overdue') as overdue
        from accepted group by trader_id
      ), outcomes as materialized (
        select trader_id::text as trader_id,
               count(*) filter (where status = 'COMPLETED' and disputed_at is null) as completed,
               count(*) filter (where disputed_at is not null) as disputed
        from payout_orders
        where trader_id is not null and accepted_at >= ${windowStart} and accepted_at <= ${nowParam}
        group by trader_id
      ), scored as (
        select p.trader_id, p.cap, p.open_tasks,
               (coalesce(o.completed, 0) + ${PRIOR_GOOD})::float8 / (coalesce(o.completed, 0) + coalesce(o.disputed, 0) + ${PRIOR_WEIGHT}) as success,
               (coalesce(m.on_time, 0) + ${PRIOR_GOOD})::float8 / (coalesce(m.on_time, 0) + coalesce(m.overdue, 0) + ${PRIOR_WEIGHT}) as on_time,
               case when p.cap is null then 1.0::float8 / (1 + p.open_tasks)
                    else greatest(0, 1 - p.open_tasks::float8 / p.cap) end as load
        from pool p
        left join outcomes o on o.trader_id = p.trader_id::text
        left join timeliness m on m.trader_id = p.trader_id::text
        where p.cap is null or p.open_tasks < p.cap
      ), candidate as (
        select task.id as order_id, s.*,
               case when exists (select 1 from trader_bank_accounts b where b.trader_id = s.trader_id and b.active
                                   and lower(b.bank_name) = lower(task.recipient_bank_name)) then 1.0::float8 else 0.0::float8 end as bank
        from task
        join scored s on s.trader_id is distinct from task.passed_trader_id
        where exists (select 1 from trader_quotes q where q.trader_id = s.trader_id and q.side = 'BUY' and q.active
                        and q.min_fiat <= task.locked_fiat_amount and q.max_fiat >= task.locked_fiat_amount)
      ), ranked as (
        select c.*, ${w.success}::float8 * c.success + ${w.onTime}::float8 * c.on_time + ${w.load}::float8 * c.load + ${w.bank}::float8 * c.bank as score
        from candidate c
      ), placed as (
        select r.*, row_number() over (partition by r.order_id order by r.score desc, r.trader_id) as rank,
               count(*) over (partition by r.order_id) as eligible
        from ranked r
      )`;
}
