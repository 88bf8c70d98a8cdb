import { imageLibrary } from './image-library';
import { sha256Hex } from '../crypto/tokens';
import { DomainError } from '../errors';
import { MAX_PROOF_BYTES, MAX_PROOF_PIXELS, MAX_PROOFS, MIN_PROOFS, type ProofContentType } from '../../common/proof-limits';
import { WorkSlots } from './work-slots';

/**
 * docs/security.md: decoding and re-encoding a 5 MB image takes a core for a while, so the whole
 * process decodes at most 2 uploads at once and lets at most 8 wait; more get 503 SERVER_BUSY.
 */
export const proofImageSlots = new WorkSlots(2, 8, 'Too many proof images are being checked right now; retry in a few seconds.');

let decodes = 0;

/** How many images this process has handed to the decoder: tests prove a refusal decoded nothing. */
export function proofImagesDecoded(): number {
  return decodes;
}

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
function sniffImageType(bytes: Uint8Array): ProofContentType | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** How refusals name the images: the form field and the word for one image. */
export interface ImageField {
  name: string;
  label: string;
}

const PROOFS_FIELD: ImageField = { name: 'proofs', label: 'Proof image' };

function refuse(field: ImageField, index: number, message: string): never {
  throw new DomainError('VALIDATION_FAILED', `${field.label} ${index + 1} ${message}.`, {
    details: [{ path: `${field.name}.${index}`, message }],
  });
}

/** The checks that need no decoding: size and type by magic bytes. */
function checkProofBytes(field: ImageField, bytes: Uint8Array, index: number): ProofContentType {
  if (bytes.length === 0) refuse(field, index, 'is empty');
  if (bytes.length > MAX_PROOF_BYTES) refuse(field, index, 'must be at most 5 MB');
  const contentType = sniffImageType(bytes);
  if (!contentType) refuse(field, index, 'must be a JPEG, PNG or WebP image');
  return contentType;
}

/**
 * Checks one uploaded proof and re-encodes it, which drops its metadata (EXIF, GPS) while keeping
 * the picture upright. Callers hold a slot of proofImageSlots.
 */
async function decodeProofImage(field: ImageField, bytes: Uint8Array, index: number, contentType: ProofContentType): Promise<PreparedProof> {
  decodes += 1;
  try {
    const sharp = await imageLibrary();
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
    refuse(field, index, message);
  }
}

/**
 * 1 to 3 images, each checked; the first problem found is reported. The cheap checks of every
 * image run before any decoding, and an upload's images are decoded one after another in one slot.
 */
export async function prepareProofImages(files: readonly Uint8Array[]): Promise<PreparedProof[]> {
  if (files.length < MIN_PROOFS || files.length > MAX_PROOFS) {
    throw new DomainError('VALIDATION_FAILED', 'A payout needs 1 to 3 proof images.', {
      details: [{ path: 'proofs', message: 'must be 1 to 3 images' }],
    });
  }
  return prepareImages(files, PROOFS_FIELD);
}

/**
 * The proof rules for any uploaded images (dispute evidence uses them too): the cheap checks of
 * every image first, then each decoded in turn in one slot of proofImageSlots. The caller checks
 * how many images it accepts; refusals name `field`.
 */
export async function prepareImages(files: readonly Uint8Array[], field: ImageField): Promise<PreparedProof[]> {
  const types = files.map((file, index) => checkProofBytes(field, file, index));
  return proofImageSlots.run(async () => {
    const prepared: PreparedProof[] = [];
    for (const [index, file] of files.entries()) prepared.push(await decodeProofImage(field, file, index, types[index]!));
    return prepared;
  });
}
