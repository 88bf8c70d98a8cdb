/**
 * The TRON family of the chain module (docs/wallet-tron.md): what the watcher, the deposit
 * addresses and the solvency check use. Building and signing withdrawals (`./trc20-transfer`) is
 * not exported here: only the signer process imports it, by its own path.
 */
export { canonicalTronAddress, tronAddressFromPublicKey, tronAddressToHex } from './address';
export { parseAccountXpub, TronAddressDeriver } from './address-deriver';
export { TronNodeError, type TronNodeOptions } from './node-api';
export { TRANSFER_TOPIC, TronReader, type TronReaderOptions } from './reader';
