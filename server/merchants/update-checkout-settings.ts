import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import { forgetMerchant } from '../api-keys/merchant-cache';
import { checkoutSettingsInput, type CheckoutSettingsInput } from './checkout-settings.schema';

export interface CheckoutSettingsView {
  checkoutDisplayName: string | null;
  checkoutAccentColor: string | null;
  askPayerName: boolean;
  merchantName: string;
}

export async function checkoutSettingsOf(db: Db, merchantId: string): Promise<CheckoutSettingsView> {
  const [row] = await db
    .select({
      checkoutDisplayName: merchants.checkoutDisplayName,
      checkoutAccentColor: merchants.checkoutAccentColor,
      askPayerName: merchants.askPayerName,
      merchantName: merchants.name,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!row) throw new DomainError('NOT_FOUND', 'No such merchant.');
  return row;
}

type UpdateCheckoutSettingsOptions = CheckoutSettingsInput & {
  merchantId: string;
  actor: AuditActorRef;
};

/**
 * The checkout's display name, accent colour and whether "I Have Paid" asks for the payer's name,
 * changed by a merchant owner or an operator, with an audit row in the same transaction.
 */
export async function updateCheckoutSettings(db: Db, { merchantId, actor, ...rawInput }: UpdateCheckoutSettingsOptions): Promise<CheckoutSettingsView> {
  const input = parseInput(checkoutSettingsInput, rawInput);
  if (Object.keys(input).length === 0) throw new DomainError('VALIDATION_FAILED', 'Nothing to change.');
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(merchants)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(merchants.id, merchantId))
      .returning({
        checkoutDisplayName: merchants.checkoutDisplayName,
        checkoutAccentColor: merchants.checkoutAccentColor,
        askPayerName: merchants.askPayerName,
        merchantName: merchants.name,
      });
    if (!row) throw new DomainError('NOT_FOUND', 'No such merchant.');
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'merchant.checkout_update',
      targetType: 'merchant',
      targetId: merchantId,
      details: input,
    });
    return row;
  });
  forgetMerchant(merchantId);
  return updated;
}
