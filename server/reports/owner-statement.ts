import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { Dec } from '../money/decimal';
import { fmt6 } from '../money/format';
import type { OwnerStatement, StatementPeriod } from './owner-statement.schema';
import { categorySql, feePaidBySql, isoSql } from './report-sql';
import { reportingCategories, type ReportingCategory } from './reporting-category';

export interface StatementOwner {
  type: 'merchant' | 'trader';
  id: string;
}

const LINE_LIMIT = 1000;

/**
 * The lines of an owner's statement over a period (docs/ledger.md, "Statements"), as SQL: one per
 * transfer that changed the owner's total balance (the sum over all its accounts, so a freeze or an
 * escrow, which moves value between its own accounts, makes none), the fee the owner paid split off
 * as a line of category `fee`, so the order's line reads its gross amount.
 */
function statementLinesSql(owner: StatementOwner, period: StatementPeriod): SQL {
  const range = [
    ...(period.from ? [sql`and p.created_at >= ${period.from.toISOString()}::timestamptz`] : []),
    ...(period.to ? [sql`and p.created_at < ${period.to.toISOString()}::timestamptz`] : []),
  ];
  return sql`
    owned as materialized (select id from ledger_accounts where owner_type = ${owner.type} and owner_id = ${owner.id}::uuid),
    moves as materialized (
      select p.transfer_id, sum(p.amount) as net, min(p.created_at) as created_at
      from ledger_postings p
      where p.account_id in (select id from owned) ${sql.join(range, sql` `)}
      group by p.transfer_id
      having sum(p.amount) <> 0
    ),
    described as materialized (
      select m.transfer_id, t.kind, t.order_id, m.created_at, m.net,
        case when ${feePaidBySql(sql`t.kind`, owner.type)}
          then coalesce((select sum(f.amount) from ledger_postings f where f.transfer_id = m.transfer_id and f.account_id like 'platform:fees%'), 0)
          else 0 end as fee
      from moves m join ledger_transfers t on t.id = m.transfer_id
    ),
    lines as (
      select transfer_id, kind, order_id, created_at, ${categorySql(sql`kind`)} as category, net + fee as amount, 0 as part from described where net + fee <> 0
      union all
      select transfer_id, kind, order_id, created_at, 'fee', -fee, 1 from described where fee <> 0
    )`;
}

interface OwnerStatementOfOptions {
  owner: StatementOwner;
  period: StatementPeriod;
  lineLimit?: number;
}

/**
 * An owner's statement for a period: opening balance, credits and debits per reporting category,
 * closing balance, and the lines, each naming its transfer and order. Opening and closing are read
 * from the postings on their own (not derived from the lines), all in one snapshot, so
 * opening + credits - debits = closing is a check the tests make, not an assumption.
 */
export async function ownerStatementOf(db: Executor, { owner, period, lineLimit = LINE_LIMIT }: OwnerStatementOfOptions): Promise<OwnerStatement> {
  const balanceBefore = (at: Date | undefined) =>
    sql`(select coalesce(sum(p.amount), 0) from ledger_postings p where p.account_id in (select id from owned) ${at ? sql`and p.created_at < ${at.toISOString()}::timestamptz` : sql``})::numeric(26, 6)::text`;
  return db.transaction(
    async (tx) => {
      const lines = statementLinesSql(owner, period);
      const [ends] = rowsOf<{ opening: string; closing: string }>(
        await tx.execute(sql`with ${lines} select ${period.from ? balanceBefore(period.from) : sql`'0'`} as opening, ${balanceBefore(period.to)} as closing`),
      );
      const totals = rowsOf<{ category: ReportingCategory; credits: string; debits: string }>(
        await tx.execute(sql`with ${lines}
          select category, sum(greatest(amount, 0))::numeric(26, 6)::text as credits, sum(greatest(-amount, 0))::numeric(26, 6)::text as debits
          from lines group by category`),
      );
      const listed = rowsOf<{ transfer_id: string; kind: string; category: ReportingCategory; amount: string; order_id: string | null; order_no: string | null; merchant_order_no: string | null; created_at: string }>(
        await tx.execute(sql`with ${lines}
          select lines.transfer_id, lines.kind, lines.category, lines.amount::numeric(26, 6)::text as amount, lines.order_id::text as order_id,
            coalesce(po.order_no, pi.order_no) as order_no, coalesce(po.merchant_order_no, pi.merchant_order_no) as merchant_order_no,
            ${isoSql(sql`lines.created_at`)} as created_at
          from lines
          left join payout_orders po on po.id = lines.order_id
          left join payin_orders pi on pi.id = lines.order_id
          order by lines.created_at, lines.transfer_id, lines.part
          limit ${lineLimit + 1}`),
      );
      const byCategory = new Map(totals.map((row) => [row.category, row]));
      const categories = reportingCategories.filter((category) => byCategory.has(category)).map((category) => ({ category, credits: fmt6(byCategory.get(category)!.credits), debits: fmt6(byCategory.get(category)!.debits) }));
      const credits = totals.reduce((sum, row) => sum.plus(row.credits), new Dec(0));
      const debits = totals.reduce((sum, row) => sum.plus(row.debits), new Dec(0));
      return {
        owner,
        currency: 'USDT' as const,
        from: period.from?.toISOString() ?? null,
        to: period.to?.toISOString() ?? null,
        openingBalance: fmt6(new Dec(ends!.opening)),
        credits: credits.toFixed(6),
        debits: debits.toFixed(6),
        closingBalance: fmt6(new Dec(ends!.closing)),
        categories,
        lines: listed.slice(0, lineLimit).map((row) => ({
          transferId: row.transfer_id,
          kind: row.kind,
          category: row.category,
          amount: fmt6(new Dec(row.amount)),
          orderId: row.order_id,
          orderNo: row.order_no,
          merchantOrderNo: row.merchant_order_no,
          createdAt: row.created_at,
        })),
        linesTruncated: listed.length > lineLimit,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
