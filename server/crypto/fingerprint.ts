import { createHmac } from 'node:crypto';
import type { Keyring } from './keyring';

/**
 * A keyed hash of a card or bank account number: finds duplicates without decrypting, and is
 * useless to whoever steals the table without the key. A plain hash would not do: the number
 * space is small enough to enumerate. Uses the active fingerprint key, so rotating that key starts
 * a new set of fingerprints that do not match the old ones.
 */
export function cardFingerprint(keyring: Keyring, digits: string): string {
  // Refused rather than normalised: "6222 0202" and "62220202" must not silently differ.
  if (!/^\d{1,64}$/.test(digits)) throw new Error('a card fingerprint is taken of digits only');
  return createHmac('sha256', keyring.active('card-fingerprint').key).update(digits, 'utf8').digest('hex');
}

/** The most of a card number any response, log or event may show (docs/security.md, "Card numbers"). */
export function last4(digits: string): string {
  return digits.slice(-4);
}
