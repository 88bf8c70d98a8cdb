import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildDocument } from '../../app/api/v1/_rest/openapi';

/**
 * Writes the OpenAPI document of /api/v1 (generated from the route table) to a file, for tools
 * that read files: `npm run openapi:lint` lints it with Redocly's recommended rules.
 * Usage: tsx scripts/openapi/write-document.ts <out.json>
 */
const out = process.argv[2];
if (!out) {
  console.error('usage: tsx scripts/openapi/write-document.ts <out.json>');
  process.exit(2);
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(buildDocument(), null, 2)}\n`);
