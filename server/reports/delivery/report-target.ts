/**
 * Where a closed day's reports go (docs/reconciliation.md, "Scheduled delivery"): a directory the
 * finance team's tools read, or an HTTPS endpoint that receives each file in a POST signed like a
 * webhook (the secret is `whsec_...`, as a merchant's). Either, both or none may be configured.
 */
export type ReportTarget = { kind: 'dir'; dir: string } | { kind: 'https'; url: string; secret: string };

export function reportTargetsFrom(config: { CORRIDOR_REPORTS_DIR?: string; CORRIDOR_REPORTS_URL?: string; CORRIDOR_REPORTS_SECRET?: string }): ReportTarget[] {
  const targets: ReportTarget[] = [];
  if (config.CORRIDOR_REPORTS_DIR) targets.push({ kind: 'dir', dir: config.CORRIDOR_REPORTS_DIR });
  if (config.CORRIDOR_REPORTS_URL && config.CORRIDOR_REPORTS_SECRET) targets.push({ kind: 'https', url: config.CORRIDOR_REPORTS_URL, secret: config.CORRIDOR_REPORTS_SECRET });
  return targets;
}
