import { z } from 'zod';
import { withdrawalAddressResponse } from './withdrawal-address.schema';

export const listWithdrawalAddressesOutput = z.object({
  items: z.array(withdrawalAddressResponse),
});
