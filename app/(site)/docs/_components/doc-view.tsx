import { searchIndex, type Doc } from '../_lib/doc-files';
import { DocContent } from './doc-content';
import { DocsSidebar } from './docs-sidebar';
import { ScrollToHash } from './scroll-to-hash';

/** What /docs/<slug> shows: the sidebar (every document, search, this one's headings) and the document. */
export function DocView({ doc, docs }: { doc: Doc; docs: Doc[] }) {
  return (
    <div className="docs-layout">
      <DocsSidebar
        docs={docs.map(({ slug, title }) => ({ slug, title }))}
        current={doc.slug}
        headings={doc.headings}
        searchEntries={searchIndex(docs)}
      />
      <article className="docs-article">
        <DocContent doc={doc} />
      </article>
      <ScrollToHash />
    </div>
  );
}
