import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getReadDatabase } from '../../../../db';
import { searchConsole } from '../../../../server/operator-search/search-console';
import { searchConsoleInput } from '../../../../server/operator-search/search-console.schema';
import { checkInput } from '../../../../server/validation/parse-input';
import { requireUser } from '../../../_auth/require-user';
import { formatCny } from '../../../../common/amount-display';
import { operatorLangOfRequest, operatorPageMetadata } from '../../_components/operator-language';
import { orderLabels, statusLabel } from '../../../_components/order-labels';
import { searchMessages } from './search-messages';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => searchMessages[lang].title);

/** The text rule's messages name no field ("must not contain ..."): the English sentence names the search. */
const refusalText = (message: string | undefined, fallback: string) =>
  message === undefined ? fallback : message.startsWith('must') ? `The search ${message}.` : message;

/** Results of the console's search box; one order found by its number or id opens at once. */
export default async function SearchPage({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  const { q } = await searchParams;
  const raw = typeof q === 'string' ? q : '';
  await requireUser('operator', `/operator/search?q=${encodeURIComponent(raw)}`);
  const lang = await operatorLangOfRequest();
  const t = searchMessages[lang];
  const parsed = checkInput(searchConsoleInput, { query: raw });
  if (!parsed.ok) {
    return (
      <>
        <h1>{t.title}</h1>
        <p className="console-error" role="alert">
          {raw.trim() === '' ? t.typeSomething : lang === 'zh' ? t.notValid : refusalText(parsed.details[0]?.message, t.typeSomething)}
        </p>
      </>
    );
  }
  const { results } = await searchConsole((await getReadDatabase()).db, parsed.data);
  const only = results.length === 1 ? results[0] : undefined;
  if (only?.kind === 'order' && (only.matched === 'orderNo' || only.matched === 'orderId')) redirect(only.href);

  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">
        {results.length === 0 ? t.nothing : t.results(results.length)} <q className="mono">{parsed.data.query}</q>.
      </p>
      {results.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t.tableLabel}>
          <table aria-label={t.tableLabel} className="dense">
            <thead>
              <tr>
                <th scope="col">{t.found}</th>
                <th scope="col">{t.kind}</th>
                <th scope="col">{t.details}</th>
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
                      {orderLabels[lang].flow[result.flow]} · {statusLabel(lang, result.flow, result.status)}
                    </td>
                    <td>
                      {formatCny(result.fiatAmount)} CNY · {result.merchantName}
                      {result.traderName ? ` / ${result.traderName}` : ''} · {t.merchantNo} <span className="mono">{result.merchantOrderNo}</span> · {t.matchedBy}{' '}
                      {t.matched[result.matched]}
                    </td>
                  </tr>
                ) : (
                  <tr key={result.id}>
                    <td>
                      <Link href={result.href}>{result.name}</Link>
                    </td>
                    <td>{result.kind === 'merchant' ? t.merchant : t.trader}</td>
                    <td>
                      <Link href={`/operator?${result.kind}Id=${result.id}`}>{t.openDisputes(result.kind)}</Link>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="console-empty">
          {t.tryBefore} (<span className="mono">1234 500.00</span>).
        </p>
      )}
    </>
  );
}
