import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chainSends, type ChainSendPurpose } from '../../db/schema';
import { addressDeriverFor } from '../chains/address-derivers';
import { chainSettings } from '../chains/chain-settings';
import { chainByKey, type ChainConfig } from '../chains/chains';
import { DomainError } from '../errors';
import { Dec } from '../money/decimal';

export interface ChainSendRequest {
  chain: string;
  purpose: ChainSendPurpose;
  /** The caller's own object (a withdrawal, a sweep...): one send per (purpose, referenceId). */
  referenceId: string;
  toAddress: string;
  /** 6-decimal USDT, more than zero; '0' for a native send. */
  amount: string;
  /** A native-coin send (a gas top-up): its value in wei, more than zero. Default: a USDT send. */
  nativeValue?: string;
  /** A send from a deposit address (a sweep) rather than the hot wallet: the address and its derivation index. */
  source?: { index: number; address: string };
}

const USDT6 = /^\d{1,24}(\.\d{1,6})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Queues a token transfer from the hot wallet, in the caller's transaction, so the caller's state
 * change, its ledger transfer and the send commit together (docs/wallet.md, "The signer"). The same
 * (purpose, referenceId) again returns the send already queued; a different chain, address or
 * amount under the same reference is a CONFLICT, never a second send.
 */
export async function queueChainSend(tx: Tx, request: ChainSendRequest, chains: readonly ChainConfig[] = chainSettings().chains): Promise<{ id: string }> {
  if (!UUID.test(request.referenceId)) throw new Error('a chain send reference is the id of its caller\'s object (a UUID)');
  const chain = chainByKey(chains, request.chain);
  if (!chain) throw new DomainError('CHAIN_NOT_SUPPORTED', `No chain ${JSON.stringify(request.chain.slice(0, 32))} is configured.`);
  const toAddress = addressDeriverFor(chain.family).canonicalAddress(request.toAddress);
  if (toAddress === null) {
    throw new DomainError('VALIDATION_FAILED', `The address is not a ${chain.name} address.`, { details: [{ path: 'toAddress', message: 'is not an address of this chain' }] });
  }
  const native = request.nativeValue !== undefined;
  if (native ? !/^[1-9]\d{0,77}$/.test(request.nativeValue!) || request.amount !== '0' : !USDT6.test(request.amount) || new Dec(request.amount).lte(0)) {
    throw new DomainError('VALIDATION_FAILED', 'The amount must be more than 0 with at most 6 decimals.', { details: [{ path: 'amount', message: 'must be more than 0 with at most 6 decimals' }] });
  }
  const fromAddress = request.source ? addressDeriverFor(chain.family).canonicalAddress(request.source.address) : null;
  if (request.source && (fromAddress === null || !Number.isInteger(request.source.index) || request.source.index < 0)) throw new Error('a chain send source is a deposit address and its derivation index');
  const amount = new Dec(request.amount).toFixed(6);
  const [inserted] = await tx
    .insert(chainSends)
    .values({
      chain: chain.key,
      purpose: request.purpose,
      referenceId: request.referenceId,
      toAddress,
      amount,
      asset: native ? 'native' : 'token',
      nativeValue: request.nativeValue ?? null,
      sourceIndex: request.source?.index ?? null,
      fromAddress,
    })
    .onConflictDoNothing({ target: [chainSends.purpose, chainSends.referenceId] })
    .returning({ id: chainSends.id });
  if (inserted) return inserted;
  const [existing] = await tx
    .select()
    .from(chainSends)
    .where(and(eq(chainSends.purpose, request.purpose), eq(chainSends.referenceId, request.referenceId)));
  if (!existing) throw new Error('chain send vanished after a conflict on its reference');
  const same = existing.chain === chain.key && existing.toAddress === toAddress && new Dec(existing.amount).eq(amount) && existing.nativeValue === (request.nativeValue ?? null) && existing.sourceIndex === (request.source?.index ?? null);
  if (!same) {
    throw new DomainError('CONFLICT', 'A different send is already queued for this reference.');
  }
  return { id: existing.id };
}
