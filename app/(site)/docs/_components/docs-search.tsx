'use client';

import { useId, useMemo, useState, type FormEvent } from 'react';
import { searchHeadings, type SearchEntry } from '../_lib/search-headings';

const MAX_RESULTS = 12;

/**
 * Filters the headings of every document as you type (the index is built on the server,
 * app/(site)/docs/_lib/doc-files.ts); each result links to /docs/<slug>#<heading>. Enter opens the first;
 * when no heading matches, Enter (and the link under the results, always) searches the text of
 * every page on the server (/docs/search), which is also where the form goes without script.
 * Plain links rather than next/link: a fragment on the same page then fires `hashchange`, which
 * the example tabs listen to.
 */
export function DocsSearch({ entries }: { entries: SearchEntry[] }) {
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchHeadings(entries, query, MAX_RESULTS), [entries, query]);
  const inputId = useId();
  const statusId = useId();
  const listId = useId();
  const searching = query.trim() !== '';

  function openFirst(event: FormEvent) {
    if (!results[0]) return; // the form's own GET: /docs/search?q=…
    event.preventDefault();
    window.location.assign(results[0].href);
  }

  return (
    <form role="search" className="docs-search" action="/docs/search" method="get" onSubmit={openFirst}>
      <label htmlFor={inputId}>Search the docs</label>
      <input
        id={inputId}
        type="search"
        name="q"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="e.g. idempotency"
        autoComplete="off"
        spellCheck={false}
        aria-describedby={statusId}
        aria-controls={listId}
      />
      <p id={statusId} role="status" className="docs-search-status">
        {searching ? (results.length === 0 ? 'No heading matches; Enter searches the text of every page.' : `${results.length === MAX_RESULTS ? `First ${MAX_RESULTS}` : results.length} matching ${results.length === 1 ? 'heading' : 'headings'}.`) : ''}
      </p>
      <ul id={listId} className="docs-search-results" hidden={results.length === 0}>
        {results.map((result) => (
          <li key={result.href}>
            <a href={result.href}>
              <span className="docs-search-heading">{result.text}</span>
              <span className="docs-search-doc">{result.doc}</span>
            </a>
          </li>
        ))}
      </ul>
      {searching ? (
        <a className="docs-search-all" href={`/docs/search?q=${encodeURIComponent(query.trim())}`}>
          Search the text of every page for “{query.trim()}”
        </a>
      ) : null}
    </form>
  );
}
