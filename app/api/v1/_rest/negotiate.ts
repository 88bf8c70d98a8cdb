/**
 * Whether the request's Accept header asks for `mediaType` rather than JSON: it names the type
 * itself with a quality above zero, and ranks application/json no higher. `*` and `text/*` alone
 * keep JSON, the API's default (docs/api.md, "Export as CSV"), so a client that sends a generic
 * Accept never receives a format it did not ask for.
 */
export function asksFor(request: Request, mediaType: string): boolean {
  const ranges = parseAccept(request.headers.get('accept') ?? '');
  const named = ranges.find((range) => range.type === mediaType);
  if (!named || named.q <= 0) return false;
  return named.q >= qualityOf(ranges, 'application/json');
}

interface MediaRange {
  type: string;
  q: number;
}

function parseAccept(header: string): MediaRange[] {
  return header
    .split(',')
    .map((part) => {
      const [type = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
      const quality = parameters.find((parameter) => parameter.startsWith('q='));
      const q = quality === undefined ? 1 : Number(quality.slice(2));
      return { type, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0 };
    })
    .filter((range) => range.type !== '');
}

/** The quality the most specific matching range gives a type; 0 when none matches. */
function qualityOf(ranges: MediaRange[], mediaType: string): number {
  const [major] = mediaType.split('/');
  for (const candidate of [mediaType, `${major}/*`, '*/*']) {
    const range = ranges.find((entry) => entry.type === candidate);
    if (range) return range.q;
  }
  return 0;
}
