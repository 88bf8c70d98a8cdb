/**
 * `npm run demo:payout`: a whole payout against a running `npm start`, with the demo credentials,
 * through the public APIs only: the merchant creates it, the demo trader's bot accepts it and
 * uploads proof, the merchant confirms. Each step is printed.
 */
import sharp from 'sharp';
import { CorridorClient, CorridorTraderClient, isApiError, type ApiResponse } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';

const baseUrl = process.argv[2] ?? process.env.CORRIDOR_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const merchant = new CorridorClient({ baseUrl, apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret });
const trader = new CorridorTraderClient({ baseUrl, apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret });

let stepNo = 0;
function step<T>(title: string, response: ApiResponse<T>): T {
  stepNo += 1;
  console.log(`\n${stepNo}. ${title}: HTTP ${response.status}`);
  console.log(JSON.stringify(response.body, null, 2));
  if (isApiError(response.body)) {
    throw new Error(`${response.body.error.code}: ${response.body.error.message}`);
  }
  return response.body as T;
}

async function main() {
  try {
    await fetch(`${baseUrl}/api/v1/openapi.json`);
  } catch {
    console.error(`Corridor is not answering at ${baseUrl}. Start it with \`npm start\` (or pass its URL).`);
    process.exit(1);
  }
  console.log(`Running a demo payout against ${baseUrl}`);
  const merchantOrderNo = `demo-${Date.now()}`;

  const created = step(
    'Merchant creates a payout of 1000.00 CNY',
    await merchant.createPayout(
      { merchantOrderNo, fiatAmount: '1000.00', recipient: { holderName: 'Li Lei', bankAccount: '6222020200112233445', bankName: 'Bank of China' } },
      merchantOrderNo,
    ),
  );
  const orderId = (created as { orderId: string }).orderId;
  const orderNo = (created as { orderNo: string }).orderNo;

  step('Trader bot sees it among the open tasks', await trader.listTasks({ pageSize: 5 }));
  step('Trader bot accepts it (30 minutes to pay)', await trader.acceptTask(orderId));

  const slip = new Uint8Array(await sharp({ create: { width: 320, height: 200, channels: 3, background: '#d8e8ff' } }).png().toBuffer());
  step('Trader bot uploads the transfer proof', await trader.submitProof(orderId, [{ name: 'transfer-slip.png', type: 'image/png', bytes: slip }]));

  step('Merchant checks the payout', await merchant.getPayout(orderNo));
  step('Merchant confirms receipt', await merchant.decidePayout(orderNo, { decision: 'CONFIRM' }));
  step('Merchant sees the final state', await merchant.getPayout(orderNo));
  console.log('\nDone: the frozen USDT went to the trader and the fee to the platform.');
}

main().catch((error: unknown) => {
  console.error(`\nThe demo stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
