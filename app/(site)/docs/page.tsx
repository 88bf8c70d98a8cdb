import type { Metadata } from 'next';
import { connection } from 'next/server';
import { LinkCard } from '../../_components/link-card';
import { DocsSidebar } from './_components/docs-sidebar';
import { docHref } from './_lib/doc-href';
import { loadAllDocs, searchIndex } from './_lib/doc-files';

export const metadata: Metadata = {
  title: 'Documentation',
  description: 'The Corridor documentation: the merchant API, amounts, state machines, ledger, errors, webhooks, guides, security and operations.',
};

/** /docs: every document of docs/, in reading order, with its opening line. */
export default async function DocsIndexPage() {
  await connection();
  const docs = await loadAllDocs();
  return (
    <div className="docs-layout">
      <DocsSidebar docs={docs} current={undefined} headings={[]} searchEntries={searchIndex(docs)} />
      <article className="docs-article" aria-labelledby="docs-index-title">
        <h1 id="docs-index-title">Documentation</h1>
        <p className="lead">
          The merchant API and the rules behind it, the guides for traders and operators, and how to run Corridor. The search box
          finds a heading in any of them as you type, and searches their text too.
        </p>
        <ul className="card-grid docs-index">
          {docs.map((doc) => (
            <li key={doc.slug}>
              <LinkCard href={docHref(doc.slug)} title={doc.title} description={doc.description} />
            </li>
          ))}
        </ul>
      </article>
    </div>
  );
}
