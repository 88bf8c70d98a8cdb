import type { Html, Nodes, Paragraph, Root, Text } from 'mdast';

/**
 * remark plugin: raw HTML in a document (`<script>`, `<img onerror>`, a stray `<br>`) is shown as
 * the text it is, never parsed as markup. The docs are plain Markdown; this keeps a pasted tag from
 * ever becoming an element on a page the whole site trusts (docs/security.md). remark-rehype would
 * drop such nodes on its own; turning them into text keeps what the author wrote visible, so a
 * mistake shows instead of silently vanishing.
 */
export function rawHtmlAsText() {
  return (tree: Root) => {
    replaceHtml(tree);
  };
}

/** Parents whose children are blocks: there the text gets a paragraph of its own. */
const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

function replaceHtml(node: Nodes): void {
  if (!('children' in node)) return;
  const flow = FLOW_PARENTS.has(node.type);
  const children: Nodes[] = node.children.map((child) => (child.type === 'html' ? asText(child, flow) : child));
  (node as { children: Nodes[] }).children = children;
  for (const child of children) replaceHtml(child);
}

function asText(html: Html, flow: boolean): Text | Paragraph {
  const text: Text = { type: 'text', value: html.value, position: html.position };
  return flow ? { type: 'paragraph', children: [text], position: html.position } : text;
}
