import type { Metadata } from 'next';
import Link from 'next/link';
import { env } from '../../../../config/env';
import { Notice } from '../../../_components/notice';
import { DEMO_PAYIN_FIAT_AMOUNT } from '../../../../server/demo/create-demo-payin';

export const metadata: Metadata = { title: 'Checkout demo' };

const UNAVAILABLE: Record<string, string> = {
  NO_LIQUIDITY: 'No trader can take a pay-in now: the demo trader is offline or has no SELL quote for the amount.',
  NOT_FOUND: 'The demo merchant does not exist on this database.',
};

export default async function CheckoutDemoPage({ searchParams }: { searchParams: Promise<{ unavailable?: string | string[] }> }) {
  const unavailable = (await searchParams).unavailable;
  const code = Array.isArray(unavailable) ? unavailable[0] : unavailable;
  return (
    <div className="prose">
      <h1>Checkout demo</h1>
      <p className="lead">
        The checkout is the one page a buyer sees. It is where a pay-in is paid: CNY from the buyer’s bank account to
        the matched trader’s, USDT to the merchant.
      </p>

      <h2>How a buyer pays</h2>
      <ol className="steps">
        <li>
          The merchant creates a pay-in with <code>POST /api/v1/orders</code>. Corridor locks the rate from the matched
          trader’s quote and answers with a <code>payUrl</code> of the form <code>/pay/&lt;token&gt;</code>.
        </li>
        <li>
          The merchant sends the buyer to that URL. The checkout shows the exact CNY amount to transfer, the trader’s
          bank details and the deadline (15 minutes by default).
        </li>
        <li>The buyer makes the bank transfer and clicks “I Have Paid”.</li>
        <li>
          The trader confirms that the money arrived; the USDT is settled to the merchant’s balance and the merchant
          receives the <code>order.completed</code> event.
        </li>
      </ol>
      <p>
        The token in the checkout URL is the buyer’s only credential, so Corridor’s pages never pass it on to other
        sites: they are all served with <code>Referrer-Policy: no-referrer</code>.
      </p>

      <h2>Try it</h2>
      {env().demo ? (
        // A plain POST, answered with a redirect: the checkout then loads as the page a buyer opens.
        <form action="/demo/checkout/pay-in" method="post" className="form-card">
          <p className="form-hint" id="demo-payin-hint">
            Creates a ¥{DEMO_PAYIN_FIAT_AMOUNT} pay-in as the demo merchant and opens its checkout, as the buyer sees it.
          </p>
          <button type="submit" className="button-primary" aria-describedby="demo-payin-hint">
            Create a demo pay-in
          </button>
          {code ? (
            <p className="form-error" role="alert">
              {UNAVAILABLE[code] ?? `The pay-in was refused (${code}).`}
            </p>
          ) : null}
        </form>
      ) : null}
      <p>
        Or, with <code>npm start</code> running, create a pay-in as the demo merchant against the local server from
        another terminal:
      </p>
      <pre tabIndex={0}>
        <code>npm run demo:payin</code>
      </pre>
      <p>It prints the checkout URL; open it in your browser to see the page the buyer sees.</p>
      <Notice>
        <p>
          To do the same from your own code, sign a <code>POST /api/v1/orders</code> request with the demo merchant’s
          API key and secret as the <Link href="/docs/api">API reference</Link> shows.
        </p>
      </Notice>
    </div>
  );
}
