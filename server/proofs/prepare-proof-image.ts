import sharp from 'sharp';
import { sha256Hex } from '../crypto/tokens';
import { DomainError } from '../errors';
import { MAX_PROOF_BYTES, MAX_PROOF_PIXELS, MAX_PROOFS, MIN_PROOFS, type ProofContentType } from './proof-limits';

/** decisions.md section 8: at most 5 MB and 40 megapixels each (proof-limits.ts). */
export { MAX_PROOF_BYTES, MAX_PROOF_PIXELS, MAX_PROOFS, MIN_PROOFS, type ProofContentType };

export interface PreparedProof {
  contentType: ProofContentType;
  data: Uint8Array;
  byteSize: number;
  width: number;
  height: number;
  /** Of the bytes as uploaded: the same transfer slip sent twice is caught even after re-encoding. */
  originalSha256: string;
}

/** The type by magic bytes, never by the file name or the declared type. */
export function sniffImageType(bytes: Uint8Array): ProofContentType | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

function refuse(index: number, message: string): never {
  throw new DomainError('VALIDATION_FAILED', `Proof image ${index + 1} ${message}.`, {
    details: [{ path: `proofs.${index}`, message }],
  });
}

/**
 * Checks one uploaded proof and re-encodes it, which drops its metadata (EXIF, GPS) while keeping
 * the picture upright.
 */
export async function prepareProofImage(bytes: Uint8Array, index: number): Promise<PreparedProof> {
  if (bytes.length === 0) refuse(index, 'is empty');
  if (bytes.length > MAX_PROOF_BYTES) refuse(index, 'must be at most 5 MB');
  const contentType = sniffImageType(bytes);
  if (!contentType) refuse(index, 'must be a JPEG, PNG or WebP image');
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_PROOF_PIXELS, failOn: 'error' }).rotate();
    const encoded =
      contentType === 'image/jpeg'
        ? pipeline.jpeg({ quality: 90 })
        : contentType === 'image/png'
          ? pipeline.png()
          : pipeline.webp({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      contentType,
      data: new Uint8Array(data),
      byteSize: data.length,
      width: info.width,
      height: info.height,
      originalSha256: sha256Hex(bytes),
    };
  } catch (error) {
    const message = error instanceof Error && /pixel limit/i.test(error.message) ? 'must be at most 40 megapixels' : 'is not a readable image';
    refuse(index, message);
  }
}

/** 1 to 3 images, each checked; the first problem found is reported. */
export async function prepareProofImages(files: readonly Uint8Array[]): Promise<PreparedProof[]> {
  if (files.length < MIN_PROOFS || files.length > MAX_PROOFS) {
    throw new DomainError('VALIDATION_FAILED', 'A payout needs 1 to 3 proof images.', {
      details: [{ path: 'proofs', message: 'must be 1 to 3 images' }],
    });
  }
  return Promise.all(files.map((file, index) => prepareProofImage(file, index)));
}
