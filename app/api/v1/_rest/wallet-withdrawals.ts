import { z } from 'zod';
import { chainSettings } from '../../../../server/chains/chain-settings';
import { sha256Hex } from '../../../../server/crypto/tokens';
import { DomainError } from '../../../../server/errors';
import { checkIdempotencyKey } from '../../../../server/idempotency/idempotency-key';
import { listWithdrawalAddresses } from '../../../../server/withdrawals/address-book/list-withdrawal-addresses';
import { withdrawalAddressListResponse } from '../../../../server/withdrawals/address-book/withdrawal-address.schema';
import { findWithdrawal, listWithdrawals } from '../../../../server/withdrawals/list-withdrawals';
import { requestWithdrawalIdempotently } from '../../../../server/withdrawals/request-withdrawal';
import { withdrawalChains } from '../../../../server/withdrawals/withdrawal-chains';
import {
  listWithdrawalsQuery,
  requestWithdrawalInput,
  withdrawalChainsResponse,
  withdrawalListResponse,
  withdrawalResponse,
} from '../../../../server/withdrawals/withdrawal.schema';
import { replayable } from './replayable';
import { defineRoute } from './route-definition';

// USDT withdrawals (docs/wallet.md, "Withdrawals"). Not /api/v1/withdrawals: that is the fiat payout.

const withdrawalExample = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  chain: 'tron',
  addressId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  toAddress: 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV',
  amount: '250.000000',
  fee: '1.000000',
  state: 'APPROVED' as const,
  needsReview: null,
  reason: null,
  txHash: null,
  requestedAt: '2026-11-27T10:00:00.000Z',
  confirmedAt: null,
};

/** GET /api/v1/wallet/withdrawal-chains (docs/api.md, "Withdrawal chains"). */
export const listWithdrawalChainsRoute = defineRoute({
  operationId: 'listWithdrawalChains',
  method: 'GET',
  path: 'wallet/withdrawal-chains',
  auth: 'merchant',
  scopes: ['wallet:withdraw'],
  tag: 'Wallet',
  summary: 'Chains you may withdraw on, with their fee',
  description: 'Each chain\'s flat network fee (taken on top of the amount), the minimum amount and your daily limit.',
  success: { status: 200, schema: withdrawalChainsResponse, description: 'The chains' },
  errors: [],
  handle: async ({ db }) => ({ body: await withdrawalChains(db, chainSettings()) }),
});

/** GET /api/v1/wallet/withdrawal-addresses (docs/api.md, "Withdrawal addresses"). */
export const listWithdrawalAddressesRoute = defineRoute({
  operationId: 'listWithdrawalAddresses',
  method: 'GET',
  path: 'wallet/withdrawal-addresses',
  auth: 'merchant',
  scopes: ['wallet:withdraw'],
  tag: 'Wallet',
  summary: 'Your withdrawal address book',
  description: 'The addresses a withdrawal may go to. Only an owner adds them, in the console with a second-factor code; no API key can.',
  success: { status: 200, schema: withdrawalAddressListResponse, description: 'The book, newest first' },
  errors: [],
  handle: async ({ merchant, db }) => ({ body: await listWithdrawalAddresses(db, { type: 'merchant', id: merchant.id }) }),
});

/** POST /api/v1/wallet/withdrawals (docs/api.md, "Request a withdrawal"). */
export const requestWithdrawalRoute = defineRoute({
  operationId: 'requestWalletWithdrawal',
  method: 'POST',
  path: 'wallet/withdrawals',
  auth: 'merchant',
  scopes: ['wallet:withdraw'],
  tag: 'Wallet',
  summary: 'Request a USDT withdrawal',
  description:
    'Moves amount + the chain\'s fee from your available balance to withdrawal pending at once. Approved at once (APPROVED) under your auto-approval threshold; otherwise, or to an address used for the first time, or for an unusual amount, it waits for an operator (REQUESTED with needsReview).',
  body: { kind: 'json', schema: requestWithdrawalInput, example: { chain: 'tron', addressId: withdrawalExample.addressId, amount: '250' } },
  idempotencyKey: { required: true, description: 'Required. A replay returns the first response with Idempotent-Replayed: true (docs/api.md, "Idempotency").' },
  success: { status: 201, schema: withdrawalResponse, description: 'Requested (or replayed)', example: withdrawalExample },
  errors: [
    'IDEMPOTENCY_KEY_REQUIRED',
    'IDEMPOTENCY_KEY_IN_USE',
    'IDEMPOTENCY_KEY_REUSED',
    'CHAIN_NOT_SUPPORTED',
    'WITHDRAWAL_ADDRESS_NOT_FOUND',
    'WITHDRAWAL_ADDRESS_COOLING_DOWN',
    'WITHDRAWAL_BELOW_MINIMUM',
    'WITHDRAWAL_LIMIT_EXCEEDED',
    'INSUFFICIENT_BALANCE',
  ],
  handle: async ({ merchant, json: input, request, db, body, now }) => {
    const key = request.headers.get('idempotency-key');
    if (key === null) throw new DomainError('IDEMPOTENCY_KEY_REQUIRED', 'Requesting a withdrawal needs an Idempotency-Key header.');
    const idempotency = { principalId: merchant.id, endpoint: 'POST /api/v1/wallet/withdrawals', key: checkIdempotencyKey(key), requestHash: sha256Hex(body) };
    const outcome = await requestWithdrawalIdempotently(db, { owner: { type: 'merchant', id: merchant.id }, input, chains: chainSettings(), now, idempotency });
    return replayable<typeof withdrawalResponse>(outcome);
  },
});

/** GET /api/v1/wallet/withdrawals (docs/api.md, "List withdrawals"). */
export const listWalletWithdrawalsRoute = defineRoute({
  operationId: 'listWalletWithdrawals',
  method: 'GET',
  path: 'wallet/withdrawals',
  auth: 'merchant',
  scopes: ['wallet:withdraw'],
  tag: 'Wallet',
  summary: 'List your USDT withdrawals',
  description: 'Newest first, in any state. Page with limit and startingAfter = the nextCursor of the previous page.',
  query: listWithdrawalsQuery,
  success: { status: 200, schema: withdrawalListResponse, description: 'A page of withdrawals, newest first' },
  errors: [],
  handle: async ({ merchant, query, db }) => ({ body: await listWithdrawals(db, { type: 'merchant', id: merchant.id }, query) }),
});

/** GET /api/v1/wallet/withdrawals/:id (docs/api.md, "Query a withdrawal"). */
export const getWalletWithdrawalRoute = defineRoute({
  operationId: 'getWalletWithdrawal',
  method: 'GET',
  path: 'wallet/withdrawals/:id',
  auth: 'merchant',
  scopes: ['wallet:withdraw'],
  tag: 'Wallet',
  summary: 'Query a USDT withdrawal',
  params: z.object({ id: z.uuid({ error: 'must be a withdrawal id' }) }),
  success: { status: 200, schema: withdrawalResponse, description: 'The withdrawal', example: withdrawalExample },
  errors: [],
  handle: async ({ merchant, params, db }) => ({ body: await findWithdrawal(db, { type: 'merchant', id: merchant.id }, params.id) }),
});
