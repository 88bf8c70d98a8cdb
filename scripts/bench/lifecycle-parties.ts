import { randomUUID } from 'node:crypto';
import { and, isNotNull, like } from 'drizzle-orm';
import { connect } from '../../db/client';
import { merchants as merchantsTable } from '../../db/schema';
import { issueApiKey } from '../../server/api-keys/issue-api-key';
import { cliActor } from '../../server/audit';
import { acceptInvitation } from '../../server/merchant-team/accept-invitation';
import { createMerchantOwner } from '../../server/merchant-team/create-merchant-owner';
import { inviteMerchantUser } from '../../server/merchant-team/invite-merchant-user';
import { listBankAccounts } from '../../server/traders/list-bank-accounts';
import { listTraders } from '../../server/traders/list-traders';
import { clearWebhookEndpoint } from '../../server/webhooks/clear-webhook-endpoint';
import { setWebhookEndpoint } from '../../server/webhooks/set-webhook-endpoint';
import { BENCH_TRADER_PASSWORD, benchMerchant, type BenchMerchant } from './seed-bench';

export interface Credentials {
  email: string;
  password: string;
}

interface LifecycleTrader {
  traderId: string;
  /** Several keys, as a trader running several bots: one key's rate (10/s) is not what the row measures. */
  keys: { apiKey: string; apiSecret: string }[];
  /** The last four digits of each of its bank accounts, by which a pay-in's checkout names it. */
  accountLast4: string[];
}

export interface LifecycleParties {
  /** Merchants whose webhook endpoint is the bench's receiver. */
  merchants: BenchMerchant[];
  traders: LifecycleTrader[];
  /** Who the dashboards sign in as: a bench trader, and a support member of the first merchant's team. */
  dashboards: { trader: Credentials; merchant: Credentials };
}

const MEMBER_PASSWORD = 'bench member password';
const LIFECYCLE_MERCHANT = 'Bench lifecycle merchant';

/**
 * The parties of the lifecycle rows, made through the domain's own functions in the bench
 * database: fresh merchants (so no other row's merchants gain an endpoint and pay for its
 * deliveries) whose endpoint is `webhookUrl`, API keys for the bench traders, and a merchant team
 * member who may read orders without a second factor. Fresh on every run: the receiver's port
 * changes, and keys and members cost a few milliseconds each.
 */
export async function prepareLifecycleParties(url: string, options: { webhookUrl: string; merchants: number; keysPerTrader: number }): Promise<LifecycleParties> {
  const database = connect({ url, maxConnections: 2 });
  const { db } = database;
  try {
    // An earlier run's merchants point at a receiver that is gone: their undelivered events would
    // fail and retry on this run's worker, beside this run's. Their endpoints are cleared (which
    // stops those deliveries), as an operator would for a merchant who left.
    const earlier = await db
      .select({ id: merchantsTable.id })
      .from(merchantsTable)
      .where(and(like(merchantsTable.name, `${LIFECYCLE_MERCHANT} %`), isNotNull(merchantsTable.webhookUrl)));
    for (const { id } of earlier) await clearWebhookEndpoint({ db, merchantId: id, actor: cliActor });
    const run = randomUUID().slice(0, 8);
    const merchants: BenchMerchant[] = [];
    for (let i = 0; i < options.merchants; i += 1) {
      const merchant = await benchMerchant(db, `${LIFECYCLE_MERCHANT} ${run}-${i}`);
      await setWebhookEndpoint(db, { merchantId: merchant.merchantId, url: options.webhookUrl, actor: cliActor, allowPrivate: true });
      merchants.push(merchant);
    }
    const benchTraders = (await listTraders(db)).filter((trader) => trader.name.startsWith('Bench trader'));
    const traders: LifecycleTrader[] = [];
    for (const trader of benchTraders) {
      const keys = [];
      for (let i = 0; i < options.keysPerTrader; i += 1) {
        const issued = await issueApiKey(db, { traderId: trader.id }, { label: `bench lifecycle ${run}` });
        keys.push({ apiKey: issued.keyId, apiSecret: issued.secret });
      }
      const accounts = await listBankAccounts(db, trader.id);
      traders.push({ traderId: trader.id, keys, accountLast4: accounts.filter((account) => account.active).map((account) => account.accountLast4) });
    }
    const first = benchTraders[0];
    if (!first?.email) throw new Error('the bench database has no bench trader: seed it again (drop --reuse)');

    const team = merchants[0]!.merchantId;
    const owner = await createMerchantOwner(db, { merchantId: team, email: `owner-${run}@bench.local`, actor: cliActor });
    const joined = await acceptInvitation(db, { token: tokenOf(owner.link), displayName: 'Bench Owner', password: MEMBER_PASSWORD });
    const supportEmail = `support-${run}@bench.local`;
    const invited = await inviteMerchantUser(db, { email: supportEmail, role: 'support', actor: { merchantId: team, userId: joined.userId } });
    await acceptInvitation(db, { token: tokenOf(invited.link), displayName: 'Bench Support', password: MEMBER_PASSWORD });
    return {
      merchants,
      traders,
      dashboards: { trader: { email: first.email, password: BENCH_TRADER_PASSWORD }, merchant: { email: supportEmail, password: MEMBER_PASSWORD } },
    };
  } finally {
    await database.close();
  }
}

/** The token at the end of an invitation link. */
const tokenOf = (link: string) => new URL(link).pathname.split('/').pop() ?? '';
