import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { traderBankAccounts } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { keyring } from '../config/keyring';
import { encryptField } from '../crypto/encryption';
import { last4 } from '../crypto/fingerprint';
import { parseInput } from '../validation/parse-input';
import { bankAccountInput } from './trader.schema';

type AddBankAccountOptions = z.input<typeof bankAccountInput> & {
  traderId: string;
  actor: AuditActorRef;
};

/** Adds an account buyers pay into; the number is stored encrypted and audited by its last 4 only. */
export async function addBankAccount(
  db: Db,
  { traderId, actor, ...rawInput }: AddBankAccountOptions,
): Promise<{ id: string; accountLast4: string }> {
  const input = parseInput(bankAccountInput, rawInput);
  const id = randomUUID();
  const accountLast4 = last4(input.accountNumber);
  await db.transaction(async (tx) => {
    await tx.insert(traderBankAccounts).values({
      id,
      traderId,
      holderName: input.holderName,
      bankName: input.bankName,
      accountNumber: encryptField(keyring(), 'card', input.accountNumber, {
        table: 'trader_bank_accounts',
        id,
        field: 'account_number',
      }),
      accountLast4,
    });
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'trader.bank_account.add',
      targetType: 'trader',
      targetId: traderId,
      details: { bankAccountId: id, bankName: input.bankName, accountLast4 },
    });
  });
  return { id, accountLast4 };
}
