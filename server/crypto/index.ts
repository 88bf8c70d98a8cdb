export {
  DEMO_KEY_ID,
  demoKeyring,
  generateKeyringText,
  isDemoKeyring,
  keyPurposes,
  parseKeyring,
  type KeyEntry,
  type KeyPurpose,
  type Keyring,
} from './keyring';
export { decryptField, encryptField, FieldDecryptionError, type FieldAddress } from './encryption';
export { cardFingerprint, last4 } from './fingerprint';
export { hmacSha256Hex, randomToken, sha256Hex, timingSafeEqualHex, timingSafeEqualString } from './tokens';
