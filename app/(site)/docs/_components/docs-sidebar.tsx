import Link from 'next/link';
import { docHref } from '../_lib/doc-href';
import type { DocHeading } from '../_lib/render-markdown';
import type { SearchEntry } from '../_lib/search-headings';
import { DocsMenu } from './docs-menu';
import { DocsSearch } from './docs-search';
import { TableOfContents } from './table-of-contents';

/**
 * The docs' sidebar: the search box, every document (the current one marked), and the current
 * document's headings. Sticky beside the text on a wide screen, folded on a phone (docs-menu.tsx).
 */
export function DocsSidebar({
  docs,
  current,
  headings,
  searchEntries,
}: {
  docs: { slug: string; title: string }[];
  current: string | undefined;
  headings: DocHeading[];
  searchEntries: SearchEntry[];
}) {
  return (
    // Not an <aside>: a complementary landmark belongs at the top level, and this sits in <main>.
    // Its parts are landmarks of their own (search, two navs).
    <div className="docs-sidebar">
      <DocsMenu>
        <DocsSearch entries={searchEntries} />
        <nav className="docs-nav" aria-labelledby="docs-nav-title">
          {/* Not a heading: the document's h1 should be the page's first heading. */}
          <p id="docs-nav-title" className="docs-sidebar-title">
            <Link href="/docs">Documentation</Link>
          </p>
          <ul>
            {docs.map((doc) => (
              <li key={doc.slug}>
                <Link href={docHref(doc.slug)} aria-current={doc.slug === current ? 'page' : undefined}>
                  {doc.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <TableOfContents headings={headings} />
      </DocsMenu>
    </div>
  );
}
