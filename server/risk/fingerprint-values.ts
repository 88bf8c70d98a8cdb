import { createHmac } from 'node:crypto';
import { keyring } from '../config/keyring';
import { cardFingerprint } from '../crypto/fingerprint';
import { DomainError } from '../errors';
import type { blocklistKinds } from './risk-rule.schema';

/**
 * A person's name as compared by the rules: Unicode NFKC, spaces collapsed, lower case, then the
 * card-fingerprint key's HMAC, so a blocklist of names is stored and compared without the names
 * (docs/security.md, "Card numbers": the same keyed hash, for the same reason: names are few
 * enough to enumerate). "Zhang  San" and "zhang san" are one name.
 */
export function nameFingerprint(name: string): string {
  const normal = name.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();
  return createHmac('sha256', keyring().active('card-fingerprint').key).update(`name:${normal}`, 'utf8').digest('hex');
}

/**
 * A blocklist's values as stored and compared: account numbers and names as keyed fingerprints,
 * buyer references as the merchant sends them in `metadata.buyerId`. Duplicates are kept once.
 */
export function blocklistEntries(list: (typeof blocklistKinds)[number], values: readonly string[]): string[] {
  const entries = values.map((value) => {
    if (list === 'name') return nameFingerprint(value);
    if (list === 'buyer_reference') return value;
    const digits = value.replace(/\s+/g, '');
    if (!/^\d{8,32}$/.test(digits)) throw new DomainError('RISK_RULE_INVALID', 'A blocked account number must be 8 to 32 digits.');
    return cardFingerprint(keyring(), digits);
  });
  return [...new Set(entries)];
}
