import type { Metadata } from 'next';
import { connection } from 'next/server';
import { DocsSidebar } from '../_components/docs-sidebar';
import { loadAllDocs, searchIndex } from '../_lib/doc-files';
import { searchSections } from '../_lib/search-sections';

export const metadata: Metadata = { title: 'Search the docs' };

const MAX_RESULTS = 50;

type Props = { searchParams: Promise<{ q?: string | string[] }> };

/**
 * /docs/search?q=…: every section of every document whose heading or text holds each word of the
 * query, with the stretch of text that matched. The search box's Enter comes here when no heading
 * matches, and its last link always does; without script the box's form comes here itself.
 */
export default async function DocsSearchPage({ searchParams }: Props) {
  await connection();
  const raw = (await searchParams).q;
  const query = (Array.isArray(raw) ? raw[0] : raw)?.slice(0, 200).trim() ?? '';
  const docs = await loadAllDocs();
  const results = searchSections(docs, query, MAX_RESULTS);
  return (
    <div className="docs-layout">
      <DocsSidebar docs={docs.map(({ slug, title }) => ({ slug, title }))} current={undefined} headings={[]} searchEntries={searchIndex(docs)} />
      <article className="docs-article" aria-labelledby="docs-search-title">
        <h1 id="docs-search-title">Search the docs</h1>
        {query === '' ? (
          <p>Type a word in the search box: the headings show as you type, and Enter searches the text of every page.</p>
        ) : (
          <>
            <p role="status">
              {results.length === 0
                ? `No section mentions “${query}”.`
                : `${results.length === MAX_RESULTS ? `The first ${MAX_RESULTS}` : results.length} ${results.length === 1 ? 'section mentions' : 'sections mention'} “${query}”.`}
            </p>
            <ol className="docs-search-page-results" aria-label={`Sections mentioning ${query}`}>
              {results.map((result) => (
                <li key={result.href}>
                  <a href={result.href}>{result.heading}</a> <span className="docs-search-doc">{result.doc}</span>
                  <p>{result.snippet}</p>
                </li>
              ))}
            </ol>
          </>
        )}
      </article>
    </div>
  );
}
