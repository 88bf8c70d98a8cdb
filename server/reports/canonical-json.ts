/**
 * The canonical bytes of a JSON value a signature covers (docs/api.md, "Verifying a report"):
 * JSON.stringify with object keys sorted by UTF-16 code units at every level, no white space,
 * encoded as UTF-8. Every value in a report is a string, an integer, a boolean, null, an array or
 * an object, so the spelling is unambiguous in any language.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}
