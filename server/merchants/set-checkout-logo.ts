import { eq } from 'drizzle-orm';
import { imageLibrary } from '../images/image-library';
import type { Db } from '../../db/client';
import { merchantCheckoutLogos, merchants } from '../../db/schema';
import { DomainError } from '../errors';
import { recordAudit, type AuditActorRef } from '../audit';
import { sha256Hex } from '../crypto/tokens';
import { prepareImages } from '../images/prepare-images';

/** Shown at 32 CSS px; 128 covers a 4x screen and keeps the checkout light (docs/performance.md). */
const CHECKOUT_LOGO_PX = 128;

const LOGO_FIELD = { name: 'logo', label: 'Logo' };

interface SetCheckoutLogoOptions {
  merchantId: string;
  bytes: Uint8Array | null;
  actor: AuditActorRef;
}

/**
 * The merchant's checkout logo, or none (`bytes` null). The upload follows the proof rules (type by
 * content, 5 MB, 40 megapixels, re-encoded without metadata), then is shrunk to fit 128x128 and
 * stored as PNG, WebP or JPEG as sent. Audited with the original's SHA-256, never the bytes.
 */
export async function setCheckoutLogo(db: Db, { merchantId, bytes, actor }: SetCheckoutLogoOptions): Promise<{ hasLogo: boolean }> {
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId));
  if (!merchant) throw new DomainError('NOT_FOUND', 'No such merchant.');
  let stored: { contentType: 'image/png' | 'image/webp' | 'image/jpeg'; data: Uint8Array } | null = null;
  if (bytes) {
    const [image] = await prepareImages([bytes], LOGO_FIELD);
    const sharp = await imageLibrary();
    const pipeline = sharp(image!.data).resize(CHECKOUT_LOGO_PX, CHECKOUT_LOGO_PX, { fit: 'inside', withoutEnlargement: true });
    const encoded =
      image!.contentType === 'image/jpeg' ? pipeline.jpeg({ quality: 85 }) : image!.contentType === 'image/png' ? pipeline.png() : pipeline.webp({ quality: 85 });
    stored = { contentType: image!.contentType, data: new Uint8Array(await encoded.toBuffer()) };
  }
  await db.transaction(async (tx) => {
    if (stored) {
      await tx
        .insert(merchantCheckoutLogos)
        .values({ merchantId, ...stored })
        .onConflictDoUpdate({ target: merchantCheckoutLogos.merchantId, set: { ...stored, updatedAt: new Date() } });
    } else {
      await tx.delete(merchantCheckoutLogos).where(eq(merchantCheckoutLogos.merchantId, merchantId));
    }
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: stored ? 'merchant.checkout_logo_set' : 'merchant.checkout_logo_removed',
      targetType: 'merchant',
      targetId: merchantId,
      details: bytes && stored ? { sha256: sha256Hex(bytes), contentType: stored.contentType, byteSize: stored.data.length } : {},
    });
  });
  return { hasLogo: stored !== null };
}
