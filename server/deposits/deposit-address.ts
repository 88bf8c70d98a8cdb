import { and, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { depositAddresses, type DepositOwnerType } from '../../db/schema';
import type { ChainFamily } from '../chains/chain-adapter';
import { addressDeriverFor } from '../chains/address-derivers';

export interface DepositOwner {
  type: DepositOwnerType;
  id: string;
}

export interface DepositAddress {
  address: string;
  family: ChainFamily;
  derivationIndex: number;
  createdAt: Date;
}

/**
 * The owner's deposit address for a chain family, made on first request and the same ever after
 * (docs/wallet.md, "Deposit addresses"): every chain of the family shares it, as the key does.
 * The next derivation index is taken under a per-family advisory lock, so two first requests at
 * once (same owner or not) never take one index twice; the unique keys back that up.
 */
export async function depositAddressFor(db: Db, options: { owner: DepositOwner; family: ChainFamily; xpub: string }): Promise<DepositAddress> {
  const existing = await activeAddress(db, options.owner, options.family);
  if (existing) return existing;
  const deriver = addressDeriverFor(options.family);
  return retryTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`corridor.deposit-address:${options.family}`}))`);
    const again = await activeAddress(tx as unknown as Db, options.owner, options.family);
    if (again) return again;
    const [next] = rowsOf<{ next: number | string }>(
      await tx.execute(sql`select coalesce(max(derivation_index) + 1, 0) as next from deposit_addresses where family = ${options.family}`),
    );
    const derivationIndex = Number(next?.next ?? 0);
    const address = deriver.deriveAddress(options.xpub, derivationIndex);
    const [row] = await tx
      .insert(depositAddresses)
      .values({ ownerType: options.owner.type, ownerId: options.owner.id, family: options.family, derivationIndex, address })
      .returning();
    return toAddress(row!);
  });
}

async function activeAddress(db: Db, owner: DepositOwner, family: ChainFamily): Promise<DepositAddress | undefined> {
  const [row] = await db
    .select()
    .from(depositAddresses)
    .where(and(eq(depositAddresses.ownerType, owner.type), eq(depositAddresses.ownerId, owner.id), eq(depositAddresses.family, family), isNull(depositAddresses.retiredAt)))
    .limit(1);
  return row ? toAddress(row) : undefined;
}

function toAddress(row: typeof depositAddresses.$inferSelect): DepositAddress {
  return { address: row.address, family: row.family, derivationIndex: row.derivationIndex, createdAt: row.createdAt };
}
