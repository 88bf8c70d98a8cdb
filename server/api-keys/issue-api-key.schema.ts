import { z } from 'zod';
import { apiKeyView } from './api-key.schema';

export const issuedApiKey = z.object({
  id: z.string(),
  keyId: z.string(),
  secret: z.string(),
});

export const issueApiKeyOutput = z.object({
  id: z.string(),
  keyId: z.string(),
  secret: z.string(),
  view: apiKeyView,
});
