import { z } from 'zod';
import { apiKeyView } from './api-key.schema';

export const listMerchantApiKeysOutput = z.object({
  items: z.array(apiKeyView),
});
