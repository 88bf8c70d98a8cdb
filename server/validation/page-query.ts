import { z } from 'zod';

/** `page` and `pageSize` query parameters (strings on the wire): page from 1, pageSize 1 to 100. */
export const pageQuery = z
  .object({
    page: z.string().regex(/^[1-9]\d{0,8}$/, { error: 'page must be a whole number from 1' }).transform(Number).default(1),
    pageSize: z
      .string()
      // One pattern states the bounds, so the OpenAPI document states them too.
      .regex(/^\d{1,3}$/, { error: 'pageSize must be 1 to 100' })
      .regex(/^0*(?:[1-9]\d?|100)$/, { error: 'pageSize must be 1 to 100' })
      .transform(Number)
      .default(20),
  })
  .strict();
