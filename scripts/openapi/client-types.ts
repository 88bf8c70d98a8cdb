import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import { openApiDocument } from '../../app/api/v1/_rest/openapi';

/** Where the Node client's generated types live (committed; clients/node/openapi-types.test.ts checks them). */
export const CLIENT_TYPES_FILE = 'clients/node/openapi-types.ts';

/**
 * The TypeScript types of the OpenAPI document of /api/v1 (openapi-typescript), as
 * clients/node/openapi-types.ts holds them: regenerate with
 * `npx tsx scripts/openapi/generate-client-types.ts` after changing a route or a schema.
 */
export async function clientTypesSource(): Promise<string> {
  const ast = await openapiTS(openApiDocument() as unknown as OpenAPI3, { alphabetize: false });
  const header = `${COMMENT_HEADER}// Generated from the OpenAPI document of /api/v1 by scripts/openapi/generate-client-types.ts.\n\n`;
  return header + astToString(ast);
}
