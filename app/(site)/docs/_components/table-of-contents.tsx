import type { DocHeading } from '../_lib/render-markdown';

/**
 * "On this page": the document's h2 and h3 headings, h3 nested under their h2. Plain fragment
 * links, so the browser scrolls and fires `hashchange` (which opens an example's tab).
 */
export function TableOfContents({ headings }: { headings: DocHeading[] }) {
  const sections: { heading: DocHeading; children: DocHeading[] }[] = [];
  for (const heading of headings) {
    if (heading.level === 2) sections.push({ heading, children: [] });
    else if (heading.level === 3) {
      const parent = sections.at(-1);
      if (parent) parent.children.push(heading);
      else sections.push({ heading, children: [] });
    }
  }
  if (sections.length === 0) return null;

  return (
    <nav className="docs-toc" aria-labelledby="docs-toc-title">
      <p id="docs-toc-title" className="docs-sidebar-title">
        On this page
      </p>
      <ul>
        {sections.map(({ heading, children }) => (
          <li key={heading.id}>
            <a href={`#${heading.id}`}>{heading.text}</a>
            {children.length > 0 ? (
              <ul>
                {children.map((child) => (
                  <li key={child.id}>
                    <a href={`#${child.id}`}>{child.text}</a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}
