import { chainSettings } from '../../../../server/chains/chain-settings';
import { chainDepositAddress } from '../../../../server/deposits/chain-deposit-address';
import { listDeposits } from '../../../../server/deposits/list-deposits';
import { depositAddressQuery, depositAddressResponse, depositListResponse, listDepositsQuery } from '../../../../server/deposits/list-deposits.schema';
import { defineRoute } from './route-definition';

/** GET /api/v1/wallet/deposit-address (docs/api.md, "Get a deposit address"). */
export const getDepositAddress = defineRoute({
  operationId: 'getDepositAddress',
  method: 'GET',
  path: 'wallet/deposit-address',
  auth: 'merchant',
  scopes: ['deposits:read'],
  tag: 'Wallet',
  summary: 'Your deposit address on a chain',
  description:
    'Made on the first request and the same ever after (every chain of one family shares it). USDT sent to it is credited to your available balance once the chain\'s confirmations are in; see docs/wallet.md.',
  query: depositAddressQuery,
  success: {
    status: 200,
    schema: depositAddressResponse,
    description: 'The address and what to send to it',
    example: {
      chain: 'ethereum',
      family: 'evm',
      address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
      token: { symbol: 'USDT', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
      confirmations: 64,
      minimumDeposit: '1',
    },
  },
  errors: ['CHAIN_NOT_SUPPORTED'],
  handle: async ({ merchant, query, db }) => ({
    body: await chainDepositAddress(db, { owner: { type: 'merchant', id: merchant.id }, chainKey: query.chain, settings: chainSettings() }),
  }),
});

/** GET /api/v1/wallet/deposits (docs/api.md, "List deposits"). */
export const listDepositsRoute = defineRoute({
  operationId: 'listDeposits',
  method: 'GET',
  path: 'wallet/deposits',
  auth: 'merchant',
  scopes: ['deposits:read'],
  tag: 'Wallet',
  summary: 'List your deposits',
  description: 'Your USDT deposits on every chain, newest first, in any state. Page with limit and startingAfter = the nextCursor of the previous page.',
  query: listDepositsQuery,
  success: { status: 200, schema: depositListResponse, description: 'A page of deposits, newest first' },
  errors: [],
  handle: async ({ merchant, query, db }) => ({ body: await listDeposits(db, { type: 'merchant', id: merchant.id }, query) }),
});
