import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { docHref } from './doc-href';
import { renderMarkdown, type RenderedMarkdown } from './render-markdown';
import type { SearchEntry } from './search-headings';

/** A document of docs/, rendered: `slug` is its file name without `.md`, and its page is /docs/<slug>. */
export interface Doc extends RenderedMarkdown {
  slug: string;
  title: string;
}

/**
 * The order of the sidebar and the index: the product's contract first (README.md, "Documentation"),
 * then the guides and the operations. A file not named here is still served, after these, by name.
 */
const READING_ORDER = [
  'api',
  'amounts',
  'state-machines',
  'ledger',
  'reconciliation',
  'errors',
  'webhooks',
  'wallet',
  'wallet-tron',
  'architecture',
  'trader-guide',
  'operator-guide',
  'routing',
  'merchant-guide',
  'security',
  'operations',
  'alerts',
  'deploy',
  'performance',
];

// Read at request time from the working directory, so the pages always show the docs/ that ships
// beside the running server (the Dockerfile and `npm start` run from the repository root).
const docsDirectory = () => path.join(process.cwd(), 'docs');

/** The slugs of every docs/*.md, in reading order. A page is served only for a slug in this list. */
export async function listDocSlugs(): Promise<string[]> {
  const names = await readdir(docsDirectory());
  const slugs = names.filter((name) => name.endsWith('.md')).map((name) => name.slice(0, -'.md'.length));
  const rank = (slug: string) => {
    const index = READING_ORDER.indexOf(slug);
    return index === -1 ? READING_ORDER.length : index;
  };
  return slugs.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const rendered = new Map<string, { version: string; doc: Doc }>();

/**
 * The rendered document, or undefined when docs/ has no such file. The slug is looked up in the
 * directory listing, never joined into a path as given, so `..` or a slash cannot reach another
 * file. A rendering is kept until the file changes (size or modification time), so the search
 * index over every document costs a stat per file on each request.
 */
export async function loadDoc(slug: string): Promise<Doc | undefined> {
  return (await listDocSlugs()).includes(slug) ? renderFile(slug) : undefined;
}

/** Every document, rendered, in reading order. */
export async function loadAllDocs(): Promise<Doc[]> {
  return Promise.all((await listDocSlugs()).map(renderFile));
}

async function renderFile(slug: string): Promise<Doc> {
  const file = path.join(docsDirectory(), `${slug}.md`);
  const { mtimeMs, size } = await stat(file);
  const version = `${mtimeMs}:${size}`;
  const cached = rendered.get(slug);
  if (cached?.version === version) return cached.doc;
  const markdown = renderMarkdown(await readFile(file, 'utf8'));
  const doc: Doc = { ...markdown, slug, title: markdown.title ?? slug };
  rendered.set(slug, { version, doc });
  return doc;
}

/** The search box's index: each document's title and its h2 to h4 headings. */
export function searchIndex(docs: readonly Doc[]): SearchEntry[] {
  return docs.flatMap((doc) => [
    { href: docHref(doc.slug), text: doc.title, doc: doc.title },
    ...doc.headings
      .filter((heading) => heading.level >= 2 && heading.level <= 4)
      .map((heading) => ({ href: docHref(doc.slug, heading.id), text: heading.text, doc: doc.title })),
  ]);
}
