import { scrapeRuntime } from './server-runtime';

/**
 * Statements the server has sent to PostgreSQL so far, as its /metrics counts them
 * (`corridor_db_statements_total`, docs/operations.md): the lifecycle rows read it before and
 * after a row for the statements one finished order costs. Read with the bench's one scrape of
 * /metrics (server-runtime.ts; open in demo mode, where the bench server runs).
 */
export async function serverStatements(base: string): Promise<number> {
  const statements = (await scrapeRuntime(base)).values.get('corridor_db_statements_total');
  if (statements === undefined) throw new Error('/metrics has no corridor_db_statements_total');
  return statements;
}
