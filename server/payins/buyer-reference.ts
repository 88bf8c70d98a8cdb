import { randomInt } from 'node:crypto';

/** Letters and digits no one misreads (no 0/O, 1/I/L), upper case: what a buyer types into a memo. */
const BUYER_REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const BUYER_REFERENCE_LENGTH = 6;

/**
 * A short code the buyer puts in the transfer memo (docs/trader-guide.md). Not unique and not a
 * secret: one signal of several for matching, which the trader also sees beside the amount.
 */
export function newBuyerReference(): string {
  let code = '';
  for (let i = 0; i < BUYER_REFERENCE_LENGTH; i += 1) code += BUYER_REFERENCE_ALPHABET[randomInt(BUYER_REFERENCE_ALPHABET.length)];
  return code;
}
