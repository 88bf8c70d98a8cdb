import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES_FILE, clientTypesSource } from '../../scripts/openapi/client-types';

describe('clients/node/openapi-types.ts', () => {
  it('is what openapi-typescript generates from the current OpenAPI document (regenerate: npx tsx scripts/openapi/generate-client-types.ts)', async () => {
    expect(readFileSync(CLIENT_TYPES_FILE, 'utf8')).toBe(await clientTypesSource());
  });
});
