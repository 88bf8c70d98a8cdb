export { demoKeyring, generateKeyringText, isDemoKeyring, keyPurposes, parseKeyring, type KeyPurpose, type Keyring } from './keyring';
export { decryptField, encryptField, type FieldAddress } from './encryption';
export { cardFingerprint, last4 } from './fingerprint';
export { hmacSha256Hex, randomToken, sha256Hex, timingSafeEqualString } from './tokens';
