import type { Db } from '../../../db/client';
import { retryTransaction } from '../../../db/retry-transaction';
import { withdrawalAddresses } from '../../../db/schema';
import { sqlStateOf } from '../../../db/errors';
import { recordAudit, type AuditActorRef } from '../../audit';
import { confirmFreshTotp } from '../../auth/confirm-fresh-totp';
import type { ChainSettings } from '../../chains/chain-settings';
import { DomainError } from '../../errors';
import { writeEvent } from '../../orders/write-event';
import { parseInput } from '../../validation/parse-input';
import type { WithdrawalOwner } from '../withdrawal-owner';
import { withdrawalSettings } from '../withdrawal-settings';
import { supportedChain } from '../supported-chain';
import { canonicalWithdrawalAddress } from './canonical-withdrawal-address';
import { addWithdrawalAddressInput, withdrawalAddressView, type AddWithdrawalAddressInput } from './withdrawal-address.schema';

const UNIQUE_VIOLATION = '23505';

/**
 * Adds an address to the owner's withdrawal book (docs/wallet.md, "Address book"): a person in the
 * console or dashboard, never an API key, with a fresh second-factor code. The address is checked
 * for the chain's family and stored in canonical form; it is usable once the cool-down has passed.
 * The audit entry and `wallet.withdrawal_address_added` are written with it.
 */
export async function addWithdrawalAddress(
  db: Db,
  options: { owner: WithdrawalOwner; userId: string; totpRequired: boolean; input: AddWithdrawalAddressInput; chains: ChainSettings; actor: AuditActorRef; now?: Date },
) {
  const input = parseInput(addWithdrawalAddressInput, options.input);
  const now = options.now ?? new Date();
  const chain = supportedChain(options.chains, input.chain);
  const address = chain.family === 'tron' && !input.address.startsWith('T') ? null : canonicalWithdrawalAddress(chain.family, input.address);
  if (!address) {
    throw new DomainError('VALIDATION_FAILED', `This is not a valid ${chain.name} address.`, {
      details: [{ path: 'address', message: chain.family === 'evm' ? 'must be a 0x address with a valid checksum' : 'must be a T... address with a valid checksum' }],
    });
  }
  return retryTransaction(db, async (tx) => {
    await confirmFreshTotp(tx, { userId: options.userId, code: input.totp, required: options.totpRequired, now });
    const settings = await withdrawalSettings(tx);
    const usableAt = new Date(now.getTime() + settings.addressCooldownHours * 3_600_000);
    let row: typeof withdrawalAddresses.$inferSelect | undefined;
    try {
      [row] = await tx
        .insert(withdrawalAddresses)
        .values({ ownerType: options.owner.type, ownerId: options.owner.id, chainKey: chain.key, address, label: input.label, usableAt, addedBy: options.userId, createdAt: now })
        .returning();
    } catch (error) {
      if (sqlStateOf(error) === UNIQUE_VIOLATION) throw new DomainError('CONFLICT', 'This address is already in your book for this chain.');
      throw error;
    }
    const view = withdrawalAddressView(row!);
    await recordAudit(tx, {
      actorType: options.actor.type,
      actorId: options.actor.id,
      ip: options.actor.ip,
      action: 'wallet.withdrawal_address_added',
      targetType: 'withdrawal_address',
      targetId: view.id,
      details: { chain: view.chain, address: view.address, label: view.label, usableAt: view.usableAt },
    });
    if (options.owner.type === 'merchant') {
      await writeEvent(tx, { merchantId: options.owner.id, type: 'wallet.withdrawal_address_added', flow: 'withdrawal', data: view, now });
    }
    return view;
  });
}
