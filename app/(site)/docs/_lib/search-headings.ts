/** One searchable heading: a document's title or one of its section headings. */
export interface SearchEntry {
  /** /docs/<slug> for a title, /docs/<slug>#<id> for a section. */
  href: string;
  /** The heading's text. */
  text: string;
  /** The title of the document it belongs to. */
  doc: string;
}

const normalise = (text: string) => text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

/**
 * The entries whose heading (or document title) contains every word of the query, best first:
 * a heading that starts with the query, then one that contains it whole, then the rest, each in
 * the order of the docs. Runs in the browser on every key stroke, over a few hundred entries.
 */
export function searchHeadings(entries: readonly SearchEntry[], query: string, limit: number): SearchEntry[] {
  const phrase = normalise(query.trim()).replace(/\s+/g, ' ');
  if (phrase === '') return [];
  const words = phrase.split(' ');
  const scored: { entry: SearchEntry; score: number; order: number }[] = [];
  entries.forEach((entry, order) => {
    const heading = normalise(entry.text);
    const haystack = `${heading} ${normalise(entry.doc)}`;
    if (!words.every((word) => haystack.includes(word))) return;
    const score = heading.startsWith(phrase) ? 0 : heading.includes(phrase) ? 1 : 2;
    scored.push({ entry, score, order });
  });
  return scored
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .slice(0, limit)
    .map(({ entry }) => entry);
}
