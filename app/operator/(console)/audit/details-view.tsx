/** A value of the details as text: strings as they are, everything else as compact JSON. */
function text(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function changeOf(value: unknown): { before: unknown; after: unknown } | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if ('before' in record && 'after' in record) return { before: record.before, after: record.after };
  if ('from' in record && 'to' in record) return { before: record.from, after: record.to };
  return null;
}

/**
 * An audit entry's details as a list of fields, a change shown as its old value struck out and the
 * new one beside it (details of `{ field: { before, after } }` or `{ before: {...}, after: {...} }`),
 * nested objects as nested lists. Never raw JSON for the whole entry.
 */
export function DetailsView({ details }: { details: unknown }) {
  if (details === null || details === undefined) return null;
  if (typeof details !== 'object' || Array.isArray(details)) return <span className="mono">{text(details)}</span>;
  const record = details as Record<string, unknown>;
  // { before: {a, b}, after: {a, c} }: one row per field that changed.
  const whole = changeOf(record);
  if (whole && typeof whole.before === 'object' && typeof whole.after === 'object' && whole.before && whole.after) {
    const before = whole.before as Record<string, unknown>;
    const after = whole.after as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
    return (
      <dl className="audit-details">
        {fields.map((field) => (
          <div key={field}>
            <dt>{field}</dt>
            <dd>
              <del>{text(before[field])}</del> → <ins>{text(after[field])}</ins>
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <dl className="audit-details">
      {Object.entries(record).map(([field, value]) => {
        const change = changeOf(value);
        return (
          <div key={field}>
            <dt>{field}</dt>
            <dd>
              {change ? (
                <>
                  <del>{text(change.before)}</del> → <ins>{text(change.after)}</ins>
                </>
              ) : value && typeof value === 'object' && !Array.isArray(value) ? (
                <DetailsView details={value} />
              ) : (
                <span className="mono">{text(value)}</span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
