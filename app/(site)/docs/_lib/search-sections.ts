import { docHref } from './doc-href';
import type { DocSection } from './render-markdown';

/** One section whose heading or text holds every word of a query. */
export interface SectionMatch {
  /** /docs/<slug>#<id>, or /docs/<slug> for the text before the first heading. */
  href: string;
  heading: string;
  /** The title of the document it belongs to. */
  doc: string;
  /** A stretch of the section's text around the first word found, with ellipses where cut. */
  snippet: string;
}

const SNIPPET_BEFORE = 60;
const SNIPPET_LENGTH = 200;

// Folding case and accents keeps each string's length (NFKD then dropping combining marks could
// shift indexes), so the snippet is cut from the text as written: fold character by character.
const fold = (text: string) => [...text].map((character) => character.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').charAt(0) || character).join('');

/**
 * The sections of every document whose heading or text contains every word of the query, in the
 * order of the docs: the search of the whole text behind /docs/search, on the server, so the pages
 * do not carry the text of every document for the search box.
 */
export function searchSections(docs: readonly { slug: string; title: string; sections: readonly DocSection[] }[], query: string, limit: number): SectionMatch[] {
  const words = fold(query.trim()).split(/\s+/).filter((word) => word !== '');
  if (words.length === 0) return [];
  const matches: SectionMatch[] = [];
  for (const doc of docs) {
    for (const section of doc.sections) {
      const heading = fold(section.heading);
      const text = fold(section.text);
      if (!words.every((word) => heading.includes(word) || text.includes(word) || fold(doc.title).includes(word))) continue;
      matches.push({ href: docHref(doc.slug, section.id), heading: section.heading || doc.title, doc: doc.title, snippet: snippetOf(section.text, text, words) });
      if (matches.length === limit) return matches;
    }
  }
  return matches;
}

function snippetOf(original: string, folded: string, words: string[]): string {
  const found = words.map((word) => folded.indexOf(word)).filter((at) => at >= 0);
  const at = found.length > 0 ? Math.min(...found) : 0;
  const start = Math.max(0, at - SNIPPET_BEFORE);
  const end = Math.min(original.length, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${original.slice(start, end).trim()}${end < original.length ? '…' : ''}`;
}
