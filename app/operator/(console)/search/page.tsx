import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getDatabase } from '../../../../db';
import { searchConsole } from '../../../../server/operator-search/search-console';
import { searchConsoleInput } from '../../../../server/operator-search/search-console.schema';
import { checkInput } from '../../../../server/validation/parse-input';
import { requireUser } from '../../../_auth/require-user';

export const metadata: Metadata = { title: 'Search · Operator console', robots: { index: false } };

const matchedLabels = { orderNo: 'order number', orderId: 'order id', merchantOrderNo: 'merchant order number', last4Amount: 'card last 4 + amount' } as const;

/** The text rule's messages name no field ("must not contain ..."): the sentence names the search. */
const refusalText = (message: string | undefined) =>
  message === undefined ? 'Type something to search for.' : message.startsWith('must') ? `The search ${message}.` : message;

/** Results of the console's search box; one order found by its number or id opens at once. */
export default async function SearchPage({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  const { q } = await searchParams;
  const raw = typeof q === 'string' ? q : '';
  await requireUser('operator', `/operator/search?q=${encodeURIComponent(raw)}`);
  const parsed = checkInput(searchConsoleInput, { query: raw });
  if (!parsed.ok) {
    return (
      <>
        <h1>Search</h1>
        <p className="console-error" role="alert">
          {refusalText(parsed.details[0]?.message)}
        </p>
      </>
    );
  }
  const { results } = await searchConsole((await getDatabase()).db, parsed.data);
  const only = results.length === 1 ? results[0] : undefined;
  if (only?.kind === 'order' && (only.matched === 'orderNo' || only.matched === 'orderId')) redirect(only.href);

  return (
    <>
      <h1>Search</h1>
      <p className="lead">
        {results.length === 0 ? 'Nothing matches' : `${results.length} ${results.length === 1 ? 'result' : 'results'} for`} <q className="mono">{parsed.data.query}</q>.
      </p>
      {results.length > 0 ? (
        <div className="table-scroll">
          <table aria-label="Search results" className="dense">
            <thead>
              <tr>
                <th scope="col">Found</th>
                <th scope="col">Kind</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {results.map((result) =>
                result.kind === 'order' ? (
                  <tr key={result.orderId}>
                    <td>
                      <Link href={result.href} className="mono">
                        {result.orderNo}
                      </Link>
                    </td>
                    <td>
                      {result.flow === 'payout' ? 'Payout' : 'Pay-in'} · {result.status}
                    </td>
                    <td>
                      {result.fiatAmount} CNY · {result.merchantName}
                      {result.traderName ? ` / ${result.traderName}` : ''} · merchant no. <span className="mono">{result.merchantOrderNo}</span> · matched by{' '}
                      {matchedLabels[result.matched]}
                    </td>
                  </tr>
                ) : (
                  <tr key={result.id}>
                    <td>
                      <Link href={result.href}>{result.name}</Link>
                    </td>
                    <td>{result.kind === 'merchant' ? 'Merchant' : 'Trader'}</td>
                    <td>
                      <Link href={`/operator?${result.kind}Id=${result.id}`}>Open disputes of this {result.kind}</Link>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="console-empty">
          Try a full order number (WD… or ORD…), an order id, the merchant&apos;s order number, a merchant or trader name, or the card&apos;s last 4 digits and the CNY amount
          (<span className="mono">1234 500.00</span>).
        </p>
      )}
    </>
  );
}
