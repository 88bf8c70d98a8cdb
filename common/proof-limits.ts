/**
 * The proof upload limits of docs/api.md, "Limits", without the image library, so a page can
 * check a file before sending it (the server's check stays the one that counts).
 */
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;
export const MAX_PROOF_PIXELS = 40_000_000;
export const MIN_PROOFS = 1;
export const MAX_PROOFS = 3;
export type ProofContentType = 'image/jpeg' | 'image/png' | 'image/webp';
