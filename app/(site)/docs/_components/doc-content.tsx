import type { Doc } from '../_lib/doc-files';
import { renderHast } from './hast-to-react';

/** The body of one document, as the pipeline (app/(site)/docs/_lib/render-markdown.ts) rendered it. */
export function DocContent({ doc }: { doc: Doc }) {
  return <div className="markdown docs-content">{renderHast(doc.tree)}</div>;
}
