import { z } from 'zod';
import type { withdrawalAddresses } from '../../../db/schema';

const chainKey = z.string().regex(/^[a-z][a-z0-9-]{1,31}$/, { error: 'must be a chain key' });

/** Adding an address (console and dashboard only: no API key may add one). */
export const addWithdrawalAddressInput = z
  .object({
    chain: chainKey,
    address: z.string().trim().min(1, { error: 'is required' }).max(100),
    label: z.string().trim().min(1, { error: 'is required' }).max(64),
    /** A fresh code from the authenticator app. */
    totp: z.string().trim().max(20).optional(),
  })
  .strict();
export type AddWithdrawalAddressInput = z.input<typeof addWithdrawalAddressInput>;

export const withdrawalAddressIdInput = z.object({ addressId: z.uuid() }).strict();

/** A book entry as the API, the pages and the events show it. */
export const withdrawalAddressResponse = z.object({
  id: z.uuid(),
  chain: z.string(),
  address: z.string().describe('Canonical form (EVM: EIP-55 checksummed; TRON: base58check).'),
  label: z.string(),
  usableAt: z.iso.datetime().describe('Withdrawals to it are refused before this time (the cool-down after adding it).'),
  createdAt: z.iso.datetime(),
});
export type WithdrawalAddressView = z.output<typeof withdrawalAddressResponse>;

export const withdrawalAddressListResponse = z.object({ items: z.array(withdrawalAddressResponse).describe('Newest first; removed addresses are not listed.') });

export function withdrawalAddressView(row: typeof withdrawalAddresses.$inferSelect): WithdrawalAddressView {
  return {
    id: row.id,
    chain: row.chainKey,
    address: row.address,
    label: row.label,
    usableAt: row.usableAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
