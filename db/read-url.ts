/**
 * The read pool's connection string: the URL as given, asking for a standby first
 * (`target_session_attrs=prefer-standby`) unless it names its own attribute. With prefer-standby the
 * driver takes the first listed node that is in recovery and falls back to the primary when none is,
 * so reads keep working through a failover or with every standby down (docs/deploy.md, "Reads off
 * the primary").
 */
export function readPoolUrl(url: string): string {
  // Not `new URL`: a multi-host authority (a:5432,b:5432) is no URL host to it.
  const query = url.split('?')[1] ?? '';
  if (query.split('&').some((pair) => pair.split('=')[0] === 'target_session_attrs')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}target_session_attrs=prefer-standby`;
}
