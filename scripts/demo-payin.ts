/**
 * `npm run demo:payin`: creates a pay-in against a running `npm start` with the demo merchant and
 * prints the checkout URL to open in a browser. Pass `--release` to have the demo trader's bot
 * release it once the buyer has clicked "I Have Paid".
 */
import { CorridorClient, CorridorTraderClient, isApiError, type PayinCreated } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';

const baseUrl = process.env.CORRIDOR_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const release = process.argv.includes('--release');

async function main() {
  const merchant = new CorridorClient({ baseUrl, apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret });
  const merchantOrderNo = `demo-payin-${Date.now()}`;
  const response = await merchant.createPayin({ merchantOrderNo, fiatAmount: '500.00', returnUrl: 'https://merchant.example/thanks' });
  if (isApiError(response.body)) throw new Error(`${response.body.error.code}: ${response.body.error.message}`);
  const created = response.body as PayinCreated;
  console.log(`Pay-in ${created.orderNo}: ${created.status}, buyer pays ¥${created.fiatAmount} for ${created.assetAmount} USDT at ${created.pricingSnapshot.fxRate}.`);
  console.log(`\nOpen the checkout as the buyer:\n  ${created.payUrl}\n`);
  if (!release) {
    console.log('Run again with --release to have the demo trader release it after you click "I Have Paid".');
    return;
  }
  const trader = new CorridorTraderClient({ baseUrl, apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret });
  console.log('Waiting for the buyer to click "I Have Paid" (Ctrl+C to stop)…');
  for (;;) {
    const detail = await merchant.getPayin(created.orderNo);
    const status = (detail.body as { status?: string }).status;
    if (status === 'PAYMENT_SUBMITTED') break;
    if (status !== 'PENDING_PAYMENT' && status !== 'PENDING_MATCH') {
      console.log(`The pay-in is ${status}; nothing to release.`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const released = await trader.releasePayin(created.orderId);
  console.log(`The trader released it: ${(released.body as { status?: string }).status}. The checkout page now shows the success screen.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
