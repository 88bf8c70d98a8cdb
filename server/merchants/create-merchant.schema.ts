import { z } from 'zod';
import { issuedApiKey } from '../api-keys/issue-api-key.schema';

export const createdMerchant = z.object({
  merchantId: z.string(),
  name: z.string(),
  apiKey: issuedApiKey,
  webhookSecret: z.string().nullable(),
});
