import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { withdrawalAddresses } from '../../../db/schema';
import type { WithdrawalOwner } from '../withdrawal-owner';
import { withdrawalAddressView } from './withdrawal-address.schema';

/** An owner's book, newest first; removed addresses are gone from it (a book holds few: no pages). */
export async function listWithdrawalAddresses(db: Executor, owner: WithdrawalOwner) {
  const rows = await db
    .select()
    .from(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.ownerType, owner.type), eq(withdrawalAddresses.ownerId, owner.id), isNull(withdrawalAddresses.removedAt)))
    .orderBy(desc(withdrawalAddresses.createdAt), desc(withdrawalAddresses.id))
    .limit(MAX_BOOK_ADDRESSES);
  return { items: rows.map(withdrawalAddressView) };
}

const MAX_BOOK_ADDRESSES = 200;
