import { keyring } from '../../../server/config/keyring';
import { publishedReportKeys } from '../../../server/reports/report-signing';

// Read from the process's keyring on each request, never baked into the build.
export const dynamic = 'force-dynamic';

/**
 * The public keys that verify Corridor's signed reports (docs/api.md, "Verifying a report"), open to
 * anyone: a merchant proves what the platform reported to a third party who holds no API key.
 */
export function GET(): Response {
  return Response.json(publishedReportKeys(keyring()), { headers: { 'cache-control': 'public, max-age=300' } });
}
