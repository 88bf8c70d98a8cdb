import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema';
import { cliActor } from '../../server/audit';
import { resetPassword } from '../../server/auth/change-password';
import { endSessionsOfEmail } from '../../server/auth/session-version';
import { issueApiKey } from '../../server/api-keys/issue-api-key';
import { issueMerchantApiKey } from '../../server/api-keys/issue-merchant-api-key';
import { revokeApiKey } from '../../server/api-keys/revoke-api-key';
import { adjustBalance } from '../../server/balances/adjust-balance';
import { generateKeyringText } from '../../server/crypto/keyring';
import { encryptDepositSeed } from '../../server/chain-sends/deposit-seed';
import { encryptHotWalletKey } from '../../server/chain-sends/hot-wallet-key';
import { DomainError } from '../../server/errors';
import { checkLedgerInvariants } from '../../server/ledger/check-invariants';
import { chainSettings } from '../../server/chains/chain-settings';
import { reconcileDay } from '../../server/reconciliation/reconcile-day';
import { yesterday } from '../../server/reconciliation/business-day';
import { createMerchant } from '../../server/merchants/create-merchant';
import { createMerchantOwner } from '../../server/merchant-team/create-merchant-owner';
import { updateMerchantSettings } from '../../server/merchants/update-merchant-settings';
import type { MerchantSettingsInput } from '../../server/merchants/merchant-settings.schema';
import { createTrader } from '../../server/traders/create-trader';
import { setTraderStatus } from '../../server/traders/set-trader-status';
import { createOperator } from '../../server/users/create-operator';
import { setControlFromCli } from '../../server/controls/set-control-from-cli';
import { FOUR_EYES_THRESHOLD_KEY, fourEyesThreshold } from '../../server/disputes/four-eyes-threshold';
import { backtestAutoRulings } from '../../server/disputes/backtest-auto-rulings';
import { disputeDeadlineSettingsOf, setDisputeDeadlineSettings } from '../../server/disputes/dispute-deadline-settings';
import { setWebhookEndpoint } from '../../server/webhooks/set-webhook-endpoint';
import { rotateWebhookSecret } from '../../server/webhooks/rotate-webhook-secret';
import { reencryptFields } from '../../server/crypto/reencrypt-fields';
import { keyring } from '../../server/config/keyring';
import { resendDelivery } from '../../server/webhooks/resend-delivery';
import { sendTestEvent } from '../../server/webhooks/send-test-event';
import { listDeliveries } from '../../server/webhooks/webhook-log';
import { streamJournalCsv } from '../../server/reports/journal-csv';
import { streamSettlementCsv } from '../../server/reports/settlement-csv';
import { settlementPdf } from '../../server/reports/settlement-pdf';
import { settlementReportOf } from '../../server/reports/settlement-report';
import { reportDay } from '../../server/reports/settlement-report.schema';

export type Flags = Record<string, string | boolean | undefined>;

export interface Command {
  usage: string;
  summary: string;
  /** Commands that need no database (e.g. generating keys) leave this false. */
  needsDatabase: boolean;
  run(db: Db, flags: Flags): Promise<{ result: unknown; text: string }>;
}

function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value === '') {
    throw new DomainError('VALIDATION_FAILED', `--${name} is required.`, { details: [{ path: name, message: 'is required' }] });
  }
  return value;
}

function optional(flags: Flags, name: string): string | undefined {
  const value = flags[name];
  return typeof value === 'string' ? value : undefined;
}

/** Integer flags stay strings until here, so "1.5" or "abc" get a clear error, not NaN. */
function integer(flags: Flags, name: string): number | undefined {
  const value = optional(flags, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) {
    throw new DomainError('VALIDATION_FAILED', `--${name} must be a whole number.`, { details: [{ path: name, message: 'must be a whole number' }] });
  }
  return Number.parseInt(value, 10);
}

function owner(flags: Flags): { type: 'merchant' | 'trader'; id: string } {
  const merchant = optional(flags, 'merchant');
  const trader = optional(flags, 'trader');
  if (Boolean(merchant) === Boolean(trader)) {
    throw new DomainError('VALIDATION_FAILED', 'Give exactly one of --merchant <id> or --trader <id>.');
  }
  return merchant ? { type: 'merchant', id: merchant } : { type: 'trader', id: trader as string };
}

/** A `--name YYYY-MM-DD` flag: a UTC day, refused clearly when it is not one. */
function day(flags: Flags, name: string): string {
  const value = required(flags, name);
  if (!reportDay.safeParse(value).success) {
    throw new DomainError('VALIDATION_FAILED', `--${name} must be a date, YYYY-MM-DD (a UTC day).`, { details: [{ path: name, message: 'must be a date, YYYY-MM-DD' }] });
  }
  return value;
}

/** Where a report goes: the --out file (never overwritten), or standard output. */
async function writeOut(flags: Flags, body: ReadableStream<Uint8Array> | Uint8Array | string): Promise<string> {
  const out = optional(flags, 'out');
  const target: Writable = out ? createWriteStream(out, { flags: 'wx' }) : process.stdout;
  const source = typeof body === 'string' || body instanceof Uint8Array ? Readable.from([body]) : Readable.fromWeb(body as never);
  await pipeline(source, target, { end: Boolean(out) });
  return out ? `Wrote ${out}.` : '';
}

function balanceCommand(direction: 'credit' | 'debit'): Command {
  return {
    usage: `balance ${direction} (--merchant <id> | --trader <id>) --amount <USDT> --memo <text> [--reference <id>]`,
    summary: `${direction === 'credit' ? 'Deposit USDT to' : 'Withdraw USDT from'} an available balance (audited ledger transfer against the external account)`,
    needsDatabase: true,
    async run(db, flags) {
      const result = await adjustBalance(
        db,
        {
          owner: owner(flags),
          direction,
          amount: required(flags, 'amount'),
          memo: required(flags, 'memo'),
          reference: optional(flags, 'reference'),
        },
        cliActor,
      );
      const text = result.applied
        ? `${direction === 'credit' ? 'Credited' : 'Debited'} ${flags.amount} USDT (transfer ${result.transferId}). Balances: ${JSON.stringify(result.balances)}`
        : `Transfer ${result.transferId} was already posted; nothing changed.`;
      return { result, text };
    },
  };
}

export const commands: Record<string, Command> = {
  'merchant create': {
    usage: 'merchant create --name <name> [--payout-fee-bps <n>] [--payin-fee-bps <n>] [--webhook-url <url>]',
    summary: 'Create a merchant with its ledger accounts and a first API key (the secret is printed once)',
    needsDatabase: true,
    async run(db, flags) {
      const created = await createMerchant(
        db,
        { name: required(flags, 'name'), payoutFeeBps: integer(flags, 'payout-fee-bps'), payinFeeBps: integer(flags, 'payin-fee-bps'), webhookUrl: optional(flags, 'webhook-url'), actor: cliActor },
      );
      const text = [
        `Merchant ${created.name} created: ${created.merchantId}`,
        `API key:    ${created.apiKey.keyId}`,
        `API secret: ${created.apiKey.secret}`,
        ...(created.webhookSecret ? [`Webhook signing secret: ${created.webhookSecret}`] : []),
        'Secrets are shown only now: store them safely.',
      ].join('\n');
      return { result: created, text };
    },
  },
  'merchant list': {
    usage: 'merchant list',
    summary: 'Merchants with their status, fees and webhook endpoint (and whether it was disabled for failing)',
    needsDatabase: true,
    async run(db) {
      const rows = await db.select().from(merchants).orderBy(merchants.createdAt);
      const result = rows.map((m) => ({
        id: m.id,
        name: m.name,
        status: m.status,
        payoutFeeBps: m.payoutFeeBps,
        payinFeeBps: m.payinFeeBps,
        webhookUrl: m.webhookUrl,
        webhookDisabledAt: m.webhookDisabledAt?.toISOString() ?? null,
        webhookFailingSince: m.webhookFailingSince?.toISOString() ?? null,
      }));
      const text = result.length
        ? result
            .map((m) => `${m.id}  ${m.name}  ${m.status}  fees ${m.payoutFeeBps}/${m.payinFeeBps} bps  webhook ${m.webhookUrl ?? '-'}${m.webhookDisabledAt ? `  DISABLED since ${m.webhookDisabledAt} (failing since ${m.webhookFailingSince})` : ''}`)
            .join('\n')
        : 'No merchants.';
      return { result, text };
    },
  },
  'merchant-owner create': {
    usage: 'merchant-owner create --merchant <id> --email <email>',
    summary: "Invite a merchant's first owner: prints a one-time link (valid 72 hours, no email is sent) where they set their name and password",
    needsDatabase: true,
    async run(db, flags) {
      const invitation = await createMerchantOwner(db, { merchantId: required(flags, 'merchant'), email: required(flags, 'email'), actor: cliActor });
      const text = [
        `Owner invitation for ${invitation.email} to ${invitation.merchantName} (expires ${invitation.expiresAt}):`,
        invitation.link,
        'No email is sent: give this link to the owner yourself. It is shown only now and works once.',
      ].join('\n');
      return { result: invitation, text };
    },
  },
  'merchant set': {
    usage:
      'merchant set --merchant <id> [--name <name>] [--status active|suspended] [--payout-fee-bps <n>] [--payin-fee-bps <n>] [--payin-expiry-seconds <n>] [--payout-match-seconds <n>] [--payout-payment-seconds <n>] [--payout-merchant-action-seconds <n>]',
    summary: 'Change a merchant: fee bps per flow, time windows, status',
    needsDatabase: true,
    async run(db, flags) {
      const webhook = optional(flags, 'webhook-url');
      const changes: MerchantSettingsInput = {
        name: optional(flags, 'name'),
        status: optional(flags, 'status') as MerchantSettingsInput['status'],
        payoutFeeBps: integer(flags, 'payout-fee-bps'),
        payinFeeBps: integer(flags, 'payin-fee-bps'),
        payinExpirySeconds: integer(flags, 'payin-expiry-seconds'),
        payoutMatchSeconds: integer(flags, 'payout-match-seconds'),
        payoutPaymentSeconds: integer(flags, 'payout-payment-seconds'),
        payoutMerchantActionSeconds: integer(flags, 'payout-merchant-action-seconds'),
      };
      if (webhook !== undefined) {
        throw new DomainError('VALIDATION_FAILED', 'Use `webhook set --merchant <id> --url <url>` to change the webhook endpoint.');
      }
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      const merchant = await updateMerchantSettings(db, { merchantId: required(flags, 'merchant'), ...defined, actor: cliActor });
      const { webhookSecret: _secret, webhookPreviousSecret: _previous, ...visible } = merchant;
      return { result: visible, text: `Merchant ${merchant.id} updated: ${JSON.stringify(defined)}` };
    },
  },
  'apikey issue': {
    usage: 'apikey issue (--merchant <id> [--scopes <a,b>] [--expires-at <iso>] [--ip-allowlist <cidr,cidr>] | --trader <id>) [--label <text>]',
    summary: 'Issue an API key for a merchant (every scope unless --scopes), or for a trader\'s bot (the secret is printed once)',
    needsDatabase: true,
    async run(db, flags) {
      const target = owner(flags);
      const list = (name: string) => optional(flags, name)?.split(',').map((item) => item.trim());
      if (target.type === 'trader') {
        if (['scopes', 'expires-at', 'ip-allowlist'].some((name) => flags[name] !== undefined)) {
          throw new DomainError('VALIDATION_FAILED', '--scopes, --expires-at and --ip-allowlist are for merchant keys.');
        }
        const key = await issueApiKey(db, { traderId: target.id }, { label: optional(flags, 'label') });
        return { result: key, text: `API key:    ${key.keyId}\nAPI secret: ${key.secret}\nThe secret is shown only now.` };
      }
      const { view, ...key } = await issueMerchantApiKey(
        db,
        // The domain's schema checks the values (docs/api.md, "API keys and scopes").
        { merchantId: target.id, label: optional(flags, 'label'), scopes: list('scopes') as never, expiresAt: optional(flags, 'expires-at'), ipAllowlist: list('ip-allowlist'), actor: cliActor },
      );
      const limits = `Scopes:     ${view.scopes?.join(', ') ?? 'every scope'}\nExpires:    ${view.expiresAt ?? 'never'}\nAllowlist:  ${view.ipAllowlist?.join(', ') ?? 'any address'}`;
      return { result: { ...key, ...view }, text: `API key:    ${key.keyId}\nAPI secret: ${key.secret}\n${limits}\nThe secret is shown only now.` };
    },
  },
  'apikey revoke': {
    usage: 'apikey revoke --key <keyId>',
    summary: 'Revoke an API key',
    needsDatabase: true,
    async run(db, flags) {
      const keyId = required(flags, 'key');
      await revokeApiKey(db, keyId);
      return { result: { keyId, revoked: true }, text: `API key ${keyId} revoked.` };
    },
  },
  'trader create': {
    usage: 'trader create --name <name> --email <email> --password <password>',
    summary: 'Create a trader and the user who signs in for them',
    needsDatabase: true,
    async run(db, flags) {
      const trader = await createTrader(
        db,
        { name: required(flags, 'name'), email: required(flags, 'email'), password: required(flags, 'password') },
        cliActor,
      );
      return { result: trader, text: `Trader created: ${trader.traderId} (sign in as ${trader.email})` };
    },
  },
  'trader set-status': {
    usage: 'trader set-status --trader <id> --status active|suspended',
    summary: "Suspend a trader (offline, no new tasks, every session of theirs ends) or lift the suspension",
    needsDatabase: true,
    async run(db, flags) {
      const result = await setTraderStatus(db, { traderId: required(flags, 'trader'), status: required(flags, 'status') as 'active' | 'suspended' }, cliActor);
      return { result, text: `Trader ${result.traderId} is ${result.status}; their sessions have ended.` };
    },
  },
  'operator create': {
    usage: 'operator create --name <name> --email <email> --password <password>',
    summary: 'Create an operator user',
    needsDatabase: true,
    async run(db, flags) {
      const operator = await createOperator(
        db,
        { displayName: required(flags, 'name'), email: required(flags, 'email'), password: required(flags, 'password') },
        cliActor,
      );
      return { result: operator, text: `Operator created: ${operator.userId} (sign in as ${operator.email})` };
    },
  },
  'user reset-password': {
    usage: 'user reset-password --email <email> --password <new password>',
    summary: "Set a user's password (at least 12 characters), end their sessions and clear their sign-in throttling",
    needsDatabase: true,
    async run(db, flags) {
      const result = await resetPassword(db, { email: required(flags, 'email'), next: required(flags, 'password'), actor: cliActor });
      return { result, text: `Password of ${flags.email} reset; their sessions have ended.` };
    },
  },
  'user sign-out-everywhere': {
    usage: 'user sign-out-everywhere --email <email>',
    summary: 'End every session of a user (e.g. a lost laptop); they sign in again',
    needsDatabase: true,
    async run(db, flags) {
      const result = await endSessionsOfEmail(db, required(flags, 'email'), cliActor);
      return { result, text: `Every session of ${flags.email} has ended.` };
    },
  },
  'balance credit': balanceCommand('credit'),
  'balance debit': balanceCommand('debit'),
  'dispute four-eyes-threshold': {
    usage: 'dispute four-eyes-threshold [--amount <USDT, 2 decimals> --reason <text>]',
    summary: 'Show, or set (with a reason, audited), the USDT total above which a ruling needs a second operator (docs/operator-guide.md, "Controls")',
    needsDatabase: true,
    async run(db, flags) {
      if (typeof flags.amount !== 'string') {
        const result = await fourEyesThreshold(db);
        return { result, text: `Rulings on orders above ${result.amount} USDT need a second operator.` };
      }
      // Without a second operator, so never without a reason (docs/security.md, "Control changes").
      const set = await setControlFromCli(db, { change: { control: FOUR_EYES_THRESHOLD_KEY, value: { amount: flags.amount }, reason: required(flags, 'reason') } });
      const result = { amount: set.value, setAt: set.setAt };
      return { result, text: `Rulings on orders above ${result.amount} USDT need a second operator.` };
    },
  },
  'dispute deadlines': {
    usage: 'dispute deadlines [--trader-hours <h>] [--merchant-hours <h>] [--buyer-hours <h>] [--operator-hours <h>] [--window-minutes <m>] [--auto-rulings on|off] --reason <text>',
    summary: 'Show, or set (with a reason, audited), the dispute deadlines per party and the automatic rulings\' stop window (docs/operator-guide.md, "Deadlines")',
    needsDatabase: true,
    async run(db, flags) {
      const change = {
        traderHours: integer(flags, 'trader-hours'),
        merchantHours: integer(flags, 'merchant-hours'),
        buyerHours: integer(flags, 'buyer-hours'),
        operatorHours: integer(flags, 'operator-hours'),
        autoRulingWindowMinutes: integer(flags, 'window-minutes'),
        autoRulings: typeof flags['auto-rulings'] === 'string' ? flags['auto-rulings'] === 'on' : undefined,
      };
      const given = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
      const result = Object.keys(given).length === 0 ? await disputeDeadlineSettingsOf(db) : await setDisputeDeadlineSettings(db, { ...given, reason: required(flags, 'reason') });
      const text = `Trader ${result.traderHours} h, merchant ${result.merchantHours} h, buyer ${result.buyerHours} h, operators ${result.operatorHours} h; automatic rulings ${result.autoRulings ? `on, ${result.autoRulingWindowMinutes} min to stop one` : 'off'}.`;
      return { result, text };
    },
  },
  'disputes backtest': {
    usage: 'disputes backtest',
    summary: 'Replay the automatic ruling rules over disputes operators ruled on: how many each would have settled, and how many wrongly (docs/operator-guide.md, "Back-test")',
    needsDatabase: true,
    async run(db) {
      const result = await backtestAutoRulings(db);
      const lines = Object.entries(result.rules).map(([rule, row]) => `  ${rule}: settled ${row.settled}, agreed ${row.agreed}, wrong ${row.wrong}`);
      const text = [`Disputes ruled by operators: ${result.closed}; no rule would have settled ${result.leftToOperators}.`, ...lines].join('\n');
      return { result, text };
    },
  },
  'ledger check': {
    usage: 'ledger check',
    summary: 'Check the ledger invariants (sums to zero, balances equal their postings); exits 1 when broken',
    needsDatabase: true,
    async run(db) {
      const report = await checkLedgerInvariants(db);
      const totals = report.totals.map((row) => `${row.currency} ${row.sum}`).join(', ') || 'none';
      const text = report.ok
        ? `Ledger OK: ${report.accounts} accounts, ${report.transfers} transfers, totals ${totals}.`
        : `Ledger BROKEN: ${JSON.stringify(report, null, 2)}`;
      if (!report.ok) process.exitCode = 1;
      return { result: report, text };
    },
  },
  'reports journal': {
    usage: 'reports journal --from <YYYY-MM-DD> --to <YYYY-MM-DD> [--out <file>]',
    summary: 'The journal of every ledger posting made from the first day to the last (both included, UTC), as CSV (docs/ledger.md, "Daily journal")',
    needsDatabase: true,
    async run(db, flags) {
      const from = day(flags, 'from');
      const to = day(flags, 'to');
      if (from > to) throw new DomainError('VALIDATION_FAILED', '--from must not be after --to.', { details: [{ path: 'from', message: 'must not be after to' }] });
      const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000);
      const text = await writeOut(flags, streamJournalCsv(db, { from: new Date(`${from}T00:00:00Z`), to: end }));
      return { result: { from, to, out: optional(flags, 'out') ?? null }, text };
    },
  },
  'reports settlements': {
    usage: 'reports settlements --merchant <id> --date <YYYY-MM-DD> [--format csv|json|pdf] [--out <file>]',
    summary: "A merchant's signed settlement report for a UTC day (docs/api.md, \"Settlement reports\"); CSV unless --format says otherwise",
    needsDatabase: true,
    async run(db, flags) {
      const merchantId = required(flags, 'merchant');
      const date = day(flags, 'date');
      const format = optional(flags, 'format') ?? 'csv';
      if (!['csv', 'json', 'pdf'].includes(format)) throw new DomainError('VALIDATION_FAILED', '--format must be csv, json or pdf.', { details: [{ path: 'format', message: 'must be csv, json or pdf' }] });
      const ring = keyring();
      let body: ReadableStream<Uint8Array> | Uint8Array | string;
      if (format === 'csv') body = await streamSettlementCsv(db, { ring, merchantId, date });
      else if (format === 'json') body = `${JSON.stringify(await settlementReportOf(db, { ring, merchantId, date }), null, 2)}\n`;
      else body = await settlementPdf(await settlementReportOf(db, { ring, merchantId, date }));
      const text = await writeOut(flags, body);
      return { result: { merchantId, date, format, out: optional(flags, 'out') ?? null }, text };
    },
  },
  reconcile: {
    usage: 'reconcile [--date YYYY-MM-DD]',
    summary: 'Reconcile a day (UTC; yesterday by default): ledger vs bank, chain and itself; exits 1 when anything is MISMATCHED',
    needsDatabase: true,
    async run(db, flags) {
      const date = optional(flags, 'date') ?? yesterday(new Date());
      const run = await reconcileDay(db, date, { chains: chainSettings().chains });
      const lines = Object.entries(run.counts).map(([check, c]) => `  ${check}: ${c.MATCHED} matched, ${c.MISMATCHED} mismatched, ${c.EXPECTED} expected`);
      if (Object.values(run.counts).some((c) => c.MISMATCHED > 0)) process.exitCode = 1;
      return { result: run, text: [`Reconciled ${run.businessDate}:`, ...lines, 'Exceptions: the operator console, /operator/reconciliation.'].join('\n') };
    },
  },
  'webhook set': {
    usage: 'webhook set --merchant <id> --url <https url>|none',
    summary: "Set a merchant's webhook endpoint (the first one also gets a signing secret, printed once)",
    needsDatabase: true,
    async run(db, flags) {
      const url = required(flags, 'url');
      const result = await setWebhookEndpoint(db, { merchantId: required(flags, 'merchant'), url: url === 'none' ? null : url, actor: cliActor });
      const text = result.secret
        ? `Webhook endpoint set to ${result.url}.\nSigning secret: ${result.secret}\nThe secret is shown only now.`
        : `Webhook endpoint ${result.url ? `set to ${result.url}` : 'removed'}.`;
      return { result, text };
    },
  },
  'webhook rotate-secret': {
    usage: 'webhook rotate-secret --merchant <id> [--overlap-hours <0-168>]',
    summary: 'Issue a new webhook signing secret; the old one keeps signing alongside for the overlap (default 24 h)',
    needsDatabase: true,
    async run(db, flags) {
      const hours = integer(flags, 'overlap-hours');
      const input = hours === undefined ? {} : { overlapSeconds: hours * 3600 };
      const { secret } = await rotateWebhookSecret({ db, merchantId: required(flags, 'merchant'), actor: cliActor, input });
      return { result: { secret }, text: `New signing secret: ${secret}\nThe secret is shown only now.` };
    },
  },
  'webhook test': {
    usage: 'webhook test --merchant <id>',
    summary: 'Send a webhook.test event to the merchant endpoint',
    needsDatabase: true,
    async run(db, flags) {
      const result = await sendTestEvent({ db, merchantId: required(flags, 'merchant'), actor: cliActor });
      return { result, text: `Test event ${result.eventId} queued (delivery ${result.deliveryId}).` };
    },
  },
  'webhook deliveries': {
    usage: 'webhook deliveries --merchant <id> [--order <orderNo>] [--event <eventId>]',
    summary: 'The delivery log of a merchant, with every attempt',
    needsDatabase: true,
    async run(db, flags) {
      const result = await listDeliveries(db, required(flags, 'merchant'), {
        orderNo: optional(flags, 'order'),
        eventId: optional(flags, 'event'),
        page: 1,
        pageSize: 50,
      });
      const text = result.items.length
        ? result.items.map((d) => `${d.createdAt}  ${d.eventType.padEnd(24)} ${d.status.padEnd(10)} attempts ${d.attempts}  ${d.lastStatusCode ?? d.lastError ?? ''}  ${d.id}`).join('\n')
        : 'No deliveries.';
      return { result, text };
    },
  },
  'webhook resend': {
    usage: 'webhook resend --merchant <id> --delivery <deliveryId>',
    summary: 'Deliver an event again',
    needsDatabase: true,
    async run(db, flags) {
      const result = await resendDelivery({ db, merchantId: required(flags, 'merchant'), deliveryId: required(flags, 'delivery'), actor: cliActor });
      return { result, text: `Event ${result.eventId} queued again (delivery ${result.deliveryId}).` };
    },
  },
  'keys reencrypt': {
    usage: 'keys reencrypt',
    summary: 'After a key rotation: move every encrypted value to the active keys and recompute card fingerprints (docs/deploy.md)',
    needsDatabase: true,
    async run(db) {
      const report = await reencryptFields(db, keyring(), { onProgress: (line) => console.error(line) });
      const moved = Object.entries(report.reencrypted).map(([column, count]) => `${column} ${count}`).join(', ');
      return { result: report, text: `Re-encrypted: ${moved}; fingerprints recomputed: ${report.fingerprints}.` };
    },
  },
  'signer encrypt-key': {
    usage: 'signer encrypt-key --out <file>   (the private key on standard input, never as an argument)',
    summary: "Encrypt the hot wallet's private key into the signer's key file with the keyring's hot-wallet key (docs/wallet.md, \"The signer\")",
    needsDatabase: false,
    async run(_db, flags) {
      const out = required(flags, 'out');
      // Standard input, so the key is in neither the shell's history nor the process list.
      const { address, tronAddress, file } = encryptHotWalletKey(keyring(), readFileSync(0, 'utf8'));
      // wx: an existing key file is never overwritten; 0600: only the signer's user reads it.
      writeFileSync(out, file, { flag: 'wx', mode: 0o600 });
      return { result: { address, tronAddress, file: out }, text: `Wrote ${out} for hot wallet ${address} (on TRON: ${tronAddress}). Set CORRIDOR_SIGNER_KEY_FILE=${out} on the signer.` };
    },
  },
  'signer encrypt-seed': {
    usage: 'signer encrypt-seed --out <file>   (the deposit mnemonic on standard input, never as an argument)',
    summary: "Encrypt the deposit addresses' mnemonic into the signer's seed file with the keyring's hot-wallet key (docs/wallet.md, \"Sweeps\")",
    needsDatabase: false,
    async run(_db, flags) {
      const out = required(flags, 'out');
      const { xpub, tronXpub, file } = encryptDepositSeed(keyring(), readFileSync(0, 'utf8'));
      // wx: an existing seed file is never overwritten; 0600: only the signer's user reads it.
      writeFileSync(out, file, { flag: 'wx', mode: 0o600 });
      return {
        result: { xpub, tronXpub, file: out },
        text: `Wrote ${out} for ${xpub}. It must equal CORRIDOR_EVM_XPUB (and ${tronXpub} CORRIDOR_TRON_XPUB, for TRON); set CORRIDOR_SIGNER_SEED_FILE=${out} on the signer.`,
      };
    },
  },
  'keys generate': {
    usage: 'keys generate',
    summary: 'Print a fresh CORRIDOR_ENCRYPTION_KEYS value (one key per purpose)',
    needsDatabase: false,
    async run() {
      const value = generateKeyringText();
      return { result: { CORRIDOR_ENCRYPTION_KEYS: value }, text: `CORRIDOR_ENCRYPTION_KEYS=${value}` };
    },
  },
};
