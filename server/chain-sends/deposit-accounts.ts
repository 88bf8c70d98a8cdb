import type { PrivateKeyAccount } from 'viem/accounts';

/**
 * Derives the spending account of a deposit address from its index: the seed file's keys
 * (deposit-seed.ts), EVM (m/44'/60'/0'/0/index) or TRON (m/44'/195'/0'/0/index), held only by the
 * signer's process.
 */
export type DepositAccounts = (index: number) => PrivateKeyAccount;
