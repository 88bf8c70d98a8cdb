import { createHmac } from 'node:crypto';
import type { Keyring } from './keyring';

/** A keyed hash of a card number: finds duplicates without decrypting, useless without the key. */
export function cardFingerprint(keyring: Keyring, digits: string): string {
  return createHmac('sha256', keyring.active('card-fingerprint').key).update(digits, 'utf8').digest('hex');
}

/** The most of a card number any response, log or event may show. */
export function last4(digits: string): string {
  return digits.slice(-4);
}
