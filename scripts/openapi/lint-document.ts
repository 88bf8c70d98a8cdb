import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApiDocument } from '../../app/api/v1/_rest/openapi';

/**
 * `npm run openapi:lint`: lints the OpenAPI document of /api/v1, generated from the route table,
 * with Redocly's recommended rules; any error fails (CI runs it after the code's lint).
 */
const dir = mkdtempSync(join(tmpdir(), 'corridor-openapi-'));
const file = join(dir, 'openapi.json');
try {
  writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
  const result = spawnSync('npx', ['--no-install', 'redocly', 'lint', '--extends=recommended', '--format=stylish', file], { stdio: 'inherit' });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
