import sharp from 'sharp';
import { CorridorClient, CorridorTraderClient, type ApiResponse, type UploadFile } from '../../clients/node/corridor-client';
import type { LifecycleParties } from './lifecycle-parties';
import { payoutBody, uniqueId } from './signed-request';

export type LifecycleKind = 'payout' | 'payin';

/** The event each lifecycle ends with (docs/webhooks.md): the row waits for it at the receiver. */
export const FINAL_EVENT: Record<LifecycleKind, string> = { payout: 'payout.completed', payin: 'order.completed' };

export interface LifecycleActors {
  /** One whole order through the public APIs; resolves with its id once its last step answered. */
  run(kind: LifecycleKind): Promise<string>;
  /** Requests answered 429 or 503 with Retry-After and sent again after it, as a bot would. */
  readonly retries: number;
}

/** A real image, as a trader's phone would upload: a small PNG (about 1 KB). */
export async function proofImage(): Promise<UploadFile> {
  const bytes = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#d8e8ff' } }).png().toBuffer();
  return { name: 'transfer-slip.png', type: 'image/png', bytes: new Uint8Array(bytes) };
}

/**
 * The parties acting through the public APIs, as in production: merchants on the signed REST
 * API, traders' bots on the trader REST API (one bot key after another, round robin), the buyer on
 * the checkout's tRPC procedure. A step answered otherwise than expected throws with its status and
 * code: the lifecycle counts as an error, never as finished.
 */
export function lifecycleActors(base: string, parties: LifecycleParties, proof: UploadFile): LifecycleActors {
  const merchants = parties.merchants.map((merchant) => new CorridorClient({ baseUrl: base, apiKey: merchant.apiKey, apiSecret: merchant.apiSecret }));
  const bots = new Map(
    parties.traders.map((trader) => [trader.traderId, trader.keys.map((key) => new CorridorTraderClient({ baseUrl: base, apiKey: key.apiKey, apiSecret: key.apiSecret }))]),
  );
  const traderByLast4 = new Map(parties.traders.flatMap((trader) => trader.accountLast4.map((last4) => [last4, trader.traderId] as const)));
  let turn = 0;
  let retries = 0;
  const next = <T>(list: T[]) => list[(turn += 1) % list.length]!;
  const botOf = (traderId: string) => {
    const keys = bots.get(traderId);
    if (!keys) throw new Error(`no bot key for trader ${traderId}`);
    return next(keys);
  };

  /** Sends again after Retry-After while the server asks to (a rate or a busy image decoder). */
  async function step<T>(name: string, expected: number, send: () => Promise<ApiResponse<T>>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const response = await send();
      if (response.status === expected) return response.body;
      const retryAfter = Number(response.headers.get('retry-after') ?? 'NaN');
      if ((response.status === 429 || response.status === 503) && Number.isFinite(retryAfter) && attempt < 5) {
        retries += 1;
        await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
        continue;
      }
      const code = (response.body as { error?: { code?: string } } | null)?.error?.code ?? '';
      throw new Error(`${name}: HTTP ${response.status} ${code}`);
    }
  }

  async function payout(): Promise<string> {
    const merchant = next(merchants);
    const body = JSON.parse(payoutBody()) as { merchantOrderNo: string; fiatAmount: string; recipient: { holderName: string; bankAccount: string; bankName: string } };
    const created = (await step('create', 201, () => merchant.createPayout(body, uniqueId('idem')))) as { orderId: string; orderNo: string };
    const bot = botOf(next(parties.traders).traderId);
    await step('accept', 200, () => bot.acceptTask(created.orderId));
    await step('proof', 200, () => bot.submitProof(created.orderId, [proof]));
    const decided = (await step('confirm', 200, () => merchant.decidePayout(created.orderNo, { decision: 'CONFIRM' }))) as { status?: string };
    if (decided.status !== 'COMPLETED') throw new Error(`confirm: the payout is ${decided.status}`);
    return created.orderId;
  }

  async function payin(): Promise<string> {
    const merchant = next(merchants);
    const created = (await step('create', 201, () => merchant.createPayin({ merchantOrderNo: uniqueId('bench-lc'), assetAmount: '10' }))) as {
      orderId: string;
      status: string;
      payUrl: string;
    };
    if (created.status !== 'PENDING_PAYMENT') throw new Error(`create: the pay-in is ${created.status}`);
    const token = new URL(created.payUrl).pathname.split('/').pop()!;
    // The buyer's "I Have Paid" (app/_trpc/routers/checkout.ts): its answer is the checkout's view,
    // whose bank account says which trader the money went to.
    const paid = await fetch(`${base}/api/trpc/checkout.markPaid`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    const view = (await paid.json()) as { result?: { data?: { status?: string; bank?: { accountNumber: string } | null } } };
    const account = view.result?.data?.bank?.accountNumber;
    if (paid.status !== 200 || view.result?.data?.status !== 'PAYMENT_SUBMITTED' || !account) throw new Error(`mark paid: HTTP ${paid.status}`);
    const traderId = traderByLast4.get(account.slice(-4));
    if (!traderId) throw new Error('mark paid: the checkout names an account of no bench trader');
    const released = (await step('release', 200, () => botOf(traderId).releasePayin(created.orderId))) as { status?: string };
    if (released.status !== 'COMPLETED') throw new Error(`release: the pay-in is ${released.status}`);
    return created.orderId;
  }

  return {
    run: (kind) => (kind === 'payout' ? payout() : payin()),
    get retries() {
      return retries;
    },
  };
}
