/**
 * Statements the server has sent to PostgreSQL so far, as its /metrics counts them
 * (`corridor_db_statements_total`, docs/operations.md): the lifecycle rows read it before and
 * after a row for the statements one finished order costs. The bench server runs in demo mode,
 * where /metrics is open; with METRICS_TOKEN set it is sent.
 */
export async function serverStatements(base: string): Promise<number> {
  const token = process.env.METRICS_TOKEN;
  const response = await fetch(`${base}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  const line = /^corridor_db_statements_total (\S+)$/m.exec(await response.text());
  if (!line) throw new Error('/metrics has no corridor_db_statements_total');
  return Number(line[1]);
}
