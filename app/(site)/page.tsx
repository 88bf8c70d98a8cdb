import { FlowSteps } from '../_components/flow-steps';
import { LinkCard } from '../_components/link-card';

const destinations = [
  {
    href: '/demo/checkout',
    title: 'Checkout demo',
    description: 'See what a buyer sees when paying a pay-in: the amount and the trader’s bank details.',
  },
  {
    href: '/trader',
    title: 'Trader dashboard',
    description: 'For liquidity providers: quotes, payout tasks, transfer proof and pay-in confirmations.',
  },
  {
    href: '/operator',
    title: 'Operator console',
    description: 'For the people running the gateway: merchants, traders, fees, the ledger and disputes.',
  },
  {
    href: '/docs/api',
    title: 'API reference',
    description: 'The signed merchant REST API: authentication, errors, idempotency and endpoints.',
  },
] as const;

export default function HomePage() {
  return (
    <>
      <section className="hero" aria-labelledby="intro-title">
        <p className="eyebrow">Open-source fiat/crypto payment gateway</p>
        <h1 id="intro-title">Corridor</h1>
        <p className="lead">
          Merchants pay out CNY to bank cards and accept CNY pay-ins settled in USDT. Traders provide the liquidity;
          operators arbitrate when something goes wrong.
        </p>
        <p>
          Corridor is open source and self-hosted: one command starts the whole gateway, with an embedded database and
          demo data, so you can try every role on your own machine.
        </p>
      </section>

      <section aria-labelledby="explore-title">
        <h2 id="explore-title" className="visually-hidden">
          Explore Corridor
        </h2>
        <ul className="card-grid">
          {destinations.map((destination) => (
            <li key={destination.href}>
              <LinkCard {...destination} />
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="flows-title">
        <h2 id="flows-title">How money moves</h2>
        <p className="section-intro">
          Merchants call a signed REST API; traders and buyers act in the browser; every movement of value is a balanced
          entry in a double-entry ledger.
        </p>
        <div className="two-columns">
          <FlowSteps
            title="Payout: USDT out, CNY to a bank card"
            summary="A merchant pays a recipient in CNY from its USDT balance."
            steps={[
              <>
                The merchant calls <code>POST /api/v1/withdrawals</code>; Corridor freezes the equivalent USDT from its
                balance and offers the task to traders.
              </>,
              'A trader accepts, transfers the CNY to the recipient’s bank card and uploads proof of the transfer.',
              'The merchant confirms receipt, and the frozen USDT goes to the trader, or disputes, and an operator arbitrates.',
            ]}
          />
          <FlowSteps
            title="Pay-in: CNY in, USDT to the merchant"
            summary="A buyer pays CNY; the merchant is credited in USDT."
            steps={[
              <>
                The merchant calls <code>POST /api/v1/orders</code>; Corridor locks a rate from the traders’ quotes and
                returns a checkout URL.
              </>,
              'The buyer opens it, transfers the CNY to the trader’s bank account shown there and clicks “I Have Paid”.',
              'The trader confirms receipt; the USDT is settled to the merchant’s balance and the merchant is notified.',
            ]}
          />
        </div>
      </section>

      <section className="section" aria-labelledby="roles-title">
        <h2 id="roles-title">Who it is for</h2>
        <dl className="roles">
          <div>
            <dt>Merchants</dt>
            <dd>Pay out and collect in CNY while keeping their balance in USDT, through one signed API with webhooks.</dd>
          </div>
          <div>
            <dt>Traders</dt>
            <dd>Provide liquidity: quote a rate, make and receive the bank transfers, earn the USDT.</dd>
          </div>
          <div>
            <dt>Operators</dt>
            <dd>Run the gateway: onboard merchants and traders, set fees, watch the ledger and settle disputes.</dd>
          </div>
        </dl>
      </section>

      <section className="section" aria-labelledby="start-title">
        <h2 id="start-title">Start it</h2>
        <p className="section-intro">
          No database to install: Corridor runs on an embedded PostgreSQL unless you point it at your own.
        </p>
        <pre tabIndex={0}>
          <code>{'npm install\nnpm start'}</code>
        </pre>
        <p className="section-intro">
          It prints the addresses and the demo credentials: a merchant API key and secret, a trader and an operator.
        </p>
      </section>
    </>
  );
}
