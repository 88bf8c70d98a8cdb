import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/client';
import { fmt2 } from '../money/format';
import { parseInput } from '../validation/parse-input';
import { searchConsoleInput, type SearchConsoleInput, type SearchResult } from './search-console.schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** "1234 71.50", "1234 / 71.5", "71.50 1234": the last 4 digits of a card and a CNY amount. */
const LAST4_AMOUNT = /^(?:(\d{4})[\s/,;]+(\d{1,12}(?:\.\d{1,2})?)|(\d{1,12}\.\d{1,2})[\s/,;]+(\d{4}))$/;
const ORDER_NO = /^[A-Za-z0-9_-]{1,64}$/;

interface OrderRow {
  flow: 'payout' | 'payin';
  id: string;
  order_no: string;
  merchant_order_no: string;
  status: string;
  merchant_name: string;
  trader_name: string | null;
  fiat_amount: string;
  matched: 'orderNo' | 'orderId' | 'merchantOrderNo' | 'last4Amount';
}

/** One order query over both flows; `payoutWhere`/`payinWhere` are each served by an index (docs/operator-guide.md, "Search"). */
function ordersWhere(payoutWhere: SQL | null, payinWhere: SQL | null, matched: OrderRow['matched'], limit: number): SQL {
  const parts: SQL[] = [];
  if (payoutWhere) {
    parts.push(sql`(select 'payout' as flow, p.id, p.order_no, p.merchant_order_no, p.status, m.name as merchant_name, t.name as trader_name,
                          p.locked_fiat_amount::text as fiat_amount, ${matched}::text as matched, p.created_at
                     from payout_orders p join merchants m on m.id = p.merchant_id left join traders t on t.id = p.trader_id
                    where ${payoutWhere} order by p.created_at desc limit ${limit})`);
  }
  if (payinWhere) {
    parts.push(sql`(select 'payin' as flow, i.id, i.order_no, i.merchant_order_no, i.status, m.name, t.name,
                          i.fiat_amount::text, ${matched}::text, i.created_at
                     from payin_orders i join merchants m on m.id = i.merchant_id left join traders t on t.id = i.trader_id
                    where ${payinWhere} order by i.created_at desc limit ${limit})`);
  }
  return sql.join(parts, sql` union all `);
}

/**
 * The console's global search: orders by order number, order id, merchant order number, or card
 * last 4 + amount (payouts keep the recipient's last 4 digits in clear, so no card is ever
 * decrypted), and merchants and traders by name. Each order query is an exact match on an indexed
 * column (the index of each is named in docs/operator-guide.md, "Search"); names are a prefix
 * match on the small parties tables.
 */
export async function searchConsole(db: Executor, rawInput: SearchConsoleInput): Promise<{ query: string; results: SearchResult[] }> {
  const { query, limit } = parseInput(searchConsoleInput, rawInput);
  const queries: SQL[] = [];

  const last4Amount = LAST4_AMOUNT.exec(query);
  if (last4Amount) {
    const last4 = last4Amount[1] ?? last4Amount[4]!;
    const amount = last4Amount[2] ?? last4Amount[3]!;
    // payout_orders_last4_amount_idx (recipient_account_last4, locked_fiat_amount).
    queries.push(ordersWhere(sql`p.recipient_account_last4 = ${last4} and p.locked_fiat_amount = ${amount}::numeric`, null, 'last4Amount', limit));
  } else if (UUID.test(query)) {
    // The primary keys.
    const id = query.toLowerCase();
    queries.push(ordersWhere(sql`p.id = ${id}::uuid`, sql`i.id = ${id}::uuid`, 'orderId', limit));
  } else if (ORDER_NO.test(query)) {
    // payout_orders_order_no_key / payin_orders_order_no_key: as typed, or upper-cased (the
    // product's order numbers are upper case; someone may type them in lower).
    const upper = query.toUpperCase();
    queries.push(ordersWhere(sql`p.order_no in (${query}, ${upper})`, sql`i.order_no in (${query}, ${upper})`, 'orderNo', limit));
  }
  if (!UUID.test(query) && !last4Amount) {
    // payout_orders_merchant_order_no_idx / payin_orders_merchant_order_no_idx: merchant order
    // numbers are the merchant's own and may be any case or shape, so they match exactly.
    queries.push(ordersWhere(sql`p.merchant_order_no = ${query}`, sql`i.merchant_order_no = ${query}`, 'merchantOrderNo', limit));
  }

  const orders: SearchResult[] = [];
  const seen = new Set<string>();
  for (const orderQuery of queries) {
    for (const row of rowsOf<OrderRow>(await db.execute(orderQuery))) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      orders.push({
        kind: 'order',
        flow: row.flow,
        orderId: row.id,
        orderNo: row.order_no,
        merchantOrderNo: row.merchant_order_no,
        status: row.status,
        merchantName: row.merchant_name,
        traderName: row.trader_name,
        fiatAmount: fmt2(row.fiat_amount),
        matched: row.matched,
        href: `/operator/disputes/${row.flow}/${row.id}`,
      });
    }
  }

  // Parties by name: a prefix or word match, case-insensitive; LIKE's wildcards in the query are literal.
  const pattern = query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const parties = rowsOf<{ kind: 'merchant' | 'trader'; id: string; name: string }>(
    await db.execute(sql`
      (select 'merchant' as kind, id, name from merchants
        where lower(name) like ${pattern + '%'} or lower(name) like ${'% ' + pattern + '%'} order by name limit ${limit})
      union all
      (select 'trader', id, name from traders
        where lower(name) like ${pattern + '%'} or lower(name) like ${'% ' + pattern + '%'} order by name limit ${limit})`),
  );
  const partyResults: SearchResult[] = parties.map((party) => ({
    kind: party.kind,
    id: party.id,
    name: party.name,
    href: party.kind === 'merchant' ? `/operator/merchants#merchant-${party.id}` : `/operator/traders#trader-${party.id}`,
  }));

  return { query, results: [...orders, ...partyResults].slice(0, limit) };
}
