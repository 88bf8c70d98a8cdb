import { randomBytes } from 'node:crypto';
import { CorridorClient, CorridorTraderClient, isApiError, type ApiResponse, type PayinCreated, type PayoutCreated } from '../../clients/node/corridor-client';
import type { Db } from '../../db/client';
import { isDomainError } from '../../server/errors';
import { submitBuyerPayment } from '../../server/checkout/checkout';
import { LoadStats, type Step } from './load-stats';
import type { Cluster } from './processes';
import { newMerchantOrderNo, randomFiatAmount, type Credentials, type Seed } from './seed';
import { setTimeout as sleep } from 'node:timers/promises';

/** Requests in flight at once: one per virtual user, each running one order's flow at a time. */
export const CONCURRENCY = 16;
/** A request nobody answers within this counts as a network error. */
const REQUEST_TIMEOUT_MS = 30_000;
/** With every node down (they crashed: the run fails anyway), a request gives up after this. */
const NO_NODE_TIMEOUT_MS = 60_000;
/** The clients sign for this origin; the routing fetch sends to a live node instead (signatures cover the path, not the host). */
const CLUSTER_ORIGIN = 'http://cluster.invalid';
/** A patient client resends for this long at most, RESEND_AFTER_MS apart (Retry-After is 1 s). */
const PATIENCE_MS = 60_000;
const RESEND_AFTER_MS = 500;


const pick = <T>(items: readonly T[]): T => items[randomBytes(2).readUInt16BE() % items.length]!;

/**
 * The mixed load: virtual users each run whole order flows through the API, every request signed
 * and sent to the next live node (round-robin), until `deadline()` passes. Fates are drawn so
 * that some orders finish and some are left for the timers.
 */
export class LoadGenerator {
  readonly stats = new LoadStats();

  constructor(
    private readonly cluster: Cluster,
    private readonly db: Db,
    private readonly seed: Seed,
    private readonly proofPng: Uint8Array,
    /**
     * Resend every request answered 503 or cut off, with the same Idempotency-Key, until it is
     * answered otherwise (bounded): the client docs/api.md asks for, which the failover test plays.
     */
    private readonly patient = false,
  ) {}

  async run(deadline: () => number): Promise<void> {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < deadline()) {
          if (Math.random() < 0.6) await this.payoutFlow();
          else await this.payinFlow();
        }
      }),
    );
  }

  /** Create; then accept (85 %), proof (70 %), merchant CONFIRM (45 %). The rest wait for the timers. */
  private async payoutFlow(): Promise<void> {
    const merchant = pick(this.seed.merchants);
    const merchantOrderNo = newMerchantOrderNo('load');
    const body = {
      merchantOrderNo,
      fiatAmount: randomFiatAmount(),
      recipient: { holderName: 'Li Lei', bankAccount: '6222020200112233445', bankName: 'Bank of China' },
    };
    const key = randomBytes(12).toString('hex');
    const created = await this.create('payout.create', merchant, (client) => client.createPayout(body, key));
    if (!created) return;
    const order = created as PayoutCreated;
    this.stats.acknowledged.creates.push({ flow: 'payout', orderId: order.orderId, merchantId: merchant.merchantId, merchantOrderNo });

    const fate = Math.random();
    if (fate < 0.15) return; // left in the pool (its match window only flags it)
    const bot = pick(this.seed.payoutTraders);
    if (!(await this.send('payout.accept', this.traderClient, bot, (client) => client.acceptTask(order.orderId)))) return;
    this.stats.acknowledged.transitions.push({ flow: 'payout', orderId: order.orderId, action: 'accept' });

    if (fate < 0.3) return; // never paid: PAYMENT_OVERDUE when the window runs out
    const proof = [{ name: 'slip.png', type: 'image/png', bytes: this.proofPng }];
    if (!(await this.send('payout.proof', this.traderClient, bot, (client) => client.submitProof(order.orderId, proof)))) return;
    this.stats.acknowledged.transitions.push({ flow: 'payout', orderId: order.orderId, action: 'submit_proof' });

    if (fate < 0.55) return; // nobody decides: DISPUTED (MERCHANT_ACTION_TIMEOUT) when the window runs out
    if (!(await this.send('payout.confirm', this.merchantClient, merchant, (client) => client.decidePayout(order.orderNo, { decision: 'CONFIRM' })))) return;
    this.stats.acknowledged.transitions.push({ flow: 'payout', orderId: order.orderId, action: 'confirm' });
  }

  /** Create; then the buyer pays and the trader bot releases (75 % of matched ones). The rest expire. */
  private async payinFlow(): Promise<void> {
    const merchant = pick(this.seed.merchants);
    const merchantOrderNo = newMerchantOrderNo('load');
    const key = randomBytes(12).toString('hex');
    const created = await this.create('payin.create', merchant, (client) => client.createPayin({ merchantOrderNo, fiatAmount: randomFiatAmount() }, key));
    if (!created) return;
    const order = created as PayinCreated;
    this.stats.acknowledged.creates.push({ flow: 'payin', orderId: order.orderId, merchantId: merchant.merchantId, merchantOrderNo });
    if (order.status !== 'PENDING_PAYMENT' || Math.random() < 0.25) return; // unpaid: CANCELLED when it expires

    // The buyer's "I Have Paid" is an action of the checkout page (tRPC), which API-only nodes do
    // not serve: the domain function runs on the database directly, as the page would call it.
    const token = new URL(order.payUrl).pathname.split('/').pop() ?? '';
    let traderId: string | null = null;
    for (const giveUpAt = Date.now() + PATIENCE_MS; ; ) {
      try {
        traderId = (await submitBuyerPayment(this.db, { token })).order.traderId;
        this.stats.direct('payin.paid', true);
        break;
      } catch (error) {
        this.stats.direct('payin.paid', false);
        // The buyer clicks again while the database changes over; a refusal (the order moved on) ends it.
        if (!this.patient || isDomainError(error) || Date.now() > giveUpAt) return;
        await sleep(RESEND_AFTER_MS);
      }
    }
    const bot = this.seed.payinTraders.find((trader) => trader.traderId === traderId);
    if (!bot) return;
    if (!(await this.send('payin.release', this.traderClient, bot, (client) => client.releasePayin(order.orderId)))) return;
    this.stats.acknowledged.transitions.push({ flow: 'payin', orderId: order.orderId, action: 'settle' });
  }

  /**
   * A create. When its answer is lost (the node died), it is sent again with the same
   * Idempotency-Key to another node: the merchant's way to learn whether the first one counted
   * (docs/api.md); the replay returns the stored response of an order that was made.
   */
  private async create(step: Step, merchant: Credentials, call: (client: CorridorClient) => Promise<ApiResponse<unknown>>): Promise<unknown> {
    const first = await this.request(step, this.merchantClient, merchant, call);
    if (!this.resend(first)) return first !== 'network error' && first.status === 201 ? first.body : undefined;
    let retry = first;
    for (const giveUpAt = Date.now() + PATIENCE_MS; this.resend(retry) && Date.now() < giveUpAt; ) {
      this.stats.retriedCreates += 1;
      if (this.patient) await sleep(RESEND_AFTER_MS);
      retry = await this.request(step, this.merchantClient, merchant, call);
      if (!this.patient) break;
    }
    if (retry === 'network error' || retry.status !== 201) return undefined;
    if (retry.headers.get('idempotent-replayed') === 'true') this.stats.replayedCreates += 1;
    return retry.body;
  }

  /** One request (resent while patient); true when it was answered 2xx. */
  private async send<C>(step: Step, clientFor: (credentials: Credentials, step: Step) => C, credentials: Credentials, call: (client: C) => Promise<ApiResponse<unknown>>): Promise<boolean> {
    let outcome = await this.request(step, clientFor, credentials, call);
    for (const giveUpAt = Date.now() + PATIENCE_MS; this.patient && this.resend(outcome) && Date.now() < giveUpAt; ) {
      await sleep(RESEND_AFTER_MS);
      outcome = await this.request(step, clientFor, credentials, call);
    }
    return outcome !== 'network error' && outcome.status >= 200 && outcome.status < 300;
  }

  /** Whether an answer asks for the request again: always after a cut; after a 503 only when patient. */
  private resend(outcome: ApiResponse<unknown> | 'network error'): boolean {
    return outcome === 'network error' || (this.patient && outcome.status === 503);
  }

  private async request<C>(
    step: Step,
    clientFor: (credentials: Credentials, step: Step) => C,
    credentials: Credentials,
    call: (client: C) => Promise<ApiResponse<unknown>>,
  ): Promise<ApiResponse<unknown> | 'network error'> {
    try {
      return await call(clientFor(credentials, step));
    } catch {
      return 'network error';
    }
  }

  private readonly merchantClient = (credentials: Credentials, step: Step) =>
    new CorridorClient({ baseUrl: CLUSTER_ORIGIN, ...credentials, fetch: this.routed(step) });

  private readonly traderClient = (credentials: Credentials, step: Step) =>
    new CorridorTraderClient({ baseUrl: CLUSTER_ORIGIN, ...credentials, fetch: this.routed(step) });

  /**
   * The clients' fetch: sends the signed request to the next live node and reads the whole answer
   * here, so a connection cut mid-body is counted against that node like one cut before it.
   */
  private routed(step: Step) {
    return async (url: string, init: RequestInit): Promise<Response> => {
      let node = this.cluster.pickNode();
      const giveUpAt = Date.now() + NO_NODE_TIMEOUT_MS;
      while (!node) {
        if (Date.now() > giveUpAt) throw new Error('no live node');
        await new Promise((resolve) => setTimeout(resolve, 100));
        node = this.cluster.pickNode();
      }
      const target = new URL(url);
      const attempt = this.stats.begin(step, node);
      try {
        const response = await fetch(`${node.url}${target.pathname}${target.search}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        const body = await response.arrayBuffer();
        let code: string | undefined;
        if (response.status >= 400) {
          try {
            const parsed: unknown = JSON.parse(new TextDecoder().decode(body));
            code = isApiError(parsed) ? parsed.error.code : undefined;
          } catch {
            code = undefined;
          }
        }
        this.stats.answered(attempt, response.status, code);
        return new Response(body.byteLength > 0 ? body : null, { status: response.status, headers: response.headers });
      } catch (error) {
        this.stats.failed(attempt);
        throw error;
      }
    };
  }
}
