import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchantCheckoutLogos, merchants } from '../../db/schema';
import { DomainError } from '../errors';
import { textOnAccent } from '../../common/accent-contrast';
import { payinByToken } from './payin-by-token';
import { checkoutLinkExpired } from './checkout-link';

export interface CheckoutBranding {
  /** The checkout display name, else the merchant's name. */
  merchantName: string;
  /** `#rrggbb` and the black or white text that reads on it; null: Corridor's default. */
  accent: { background: string; text: string } | null;
  hasLogo: boolean;
}

/**
 * What the checkout page needs before its first byte: whether the link opens anything (an unknown
 * token and a link past CHECKOUT_LINK_AFTER_END_MS are ORDER_NOT_FOUND, answered with HTTP 404) and
 * the merchant's name, accent colour and logo for the page's frame and title.
 */
export async function checkoutBranding(db: Executor, token: string, now = new Date()): Promise<CheckoutBranding> {
  const order = await payinByToken(db, token);
  if (checkoutLinkExpired(order, now)) throw new DomainError('ORDER_NOT_FOUND', 'This payment link is not valid.');
  const [merchant] = await db
    .select({ name: merchants.name, displayName: merchants.checkoutDisplayName, accent: merchants.checkoutAccentColor, logoMerchant: merchantCheckoutLogos.merchantId })
    .from(merchants)
    .leftJoin(merchantCheckoutLogos, eq(merchantCheckoutLogos.merchantId, merchants.id))
    .where(eq(merchants.id, order.merchantId));
  return {
    merchantName: merchant?.displayName ?? merchant?.name ?? '',
    accent: merchant?.accent ? { background: merchant.accent, text: textOnAccent(merchant.accent) } : null,
    hasLogo: merchant?.logoMerchant != null,
  };
}

/** The merchant's logo for the checkout this token opens, or null when it has none. */
export async function checkoutLogo(db: Executor, token: string, now = new Date()): Promise<{ contentType: string; data: Uint8Array } | null> {
  const order = await payinByToken(db, token);
  if (checkoutLinkExpired(order, now)) throw new DomainError('ORDER_NOT_FOUND', 'This payment link is not valid.');
  const [logo] = await db
    .select({ contentType: merchantCheckoutLogos.contentType, data: merchantCheckoutLogos.data })
    .from(merchantCheckoutLogos)
    .where(eq(merchantCheckoutLogos.merchantId, order.merchantId));
  return logo ?? null;
}
