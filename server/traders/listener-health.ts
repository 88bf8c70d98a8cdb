import type { traderBankAccounts } from '../../db/schema';

type Account = Pick<typeof traderBankAccounts.$inferSelect, 'autoConfirm' | 'listenerLastSeenAt' | 'listenerSilenceSeconds'>;

/**
 * Whether an auto-confirm account's forwarder has gone quiet: no heartbeat or notification for
 * longer than its silence threshold (or never). Such an account gets no new pay-ins (routing falls
 * back to other accounts: server/routing/payin-candidates.ts) and the trader is alerted. An account
 * without auto-confirm is never silent: nobody listens for it.
 */
export function isListenerSilent(account: Account, now: Date): boolean {
  if (!account.autoConfirm) return false;
  if (!account.listenerLastSeenAt) return true;
  return now.getTime() - account.listenerLastSeenAt.getTime() > account.listenerSilenceSeconds * 1000;
}
