import path from 'node:path';
import type { Element, ElementContent, Nodes, Root } from 'hast';
import { docHref } from './doc-href';

/**
 * rehype plugin: where a link in docs/*.md may lead once it is on the site.
 *
 * - `#section` stays as it is.
 * - `webhooks.md` and `webhooks.md#section` (a file in docs/) become `/docs/webhooks` and
 *   `/docs/webhooks#section`: the same document served by app/(site)/docs/[slug]. Every such link is
 *   rewritten, even to a document that does not exist, so the crawl in tests/docs finds it broken
 *   instead of it quietly turning into text.
 * - `https:`, `http:` and `mailto:` links, and paths on this site (`/operator`), stay.
 * - Anything else becomes its plain text: files outside docs/ (`../README.md`, source files), which
 *   the site does not serve, and any other scheme (`javascript:`, `data:`, `//host`), which a
 *   document has no business using.
 *
 * Images become their alt text: the docs ship none, and the site's Content-Security-Policy loads
 * images from this origin only.
 */
export function docLinks() {
  return (tree: Root) => {
    rewrite(tree);
  };
}

/** The href a Markdown link target gets on the site, or null when it is shown as plain text. */
export function siteHref(target: string): string | null {
  const url = target.trim();
  if (url.startsWith('#')) return url;
  if (/^(?:https?:\/\/|mailto:)/i.test(url)) return url;
  if (url.startsWith('//') || url.startsWith('/\\')) return null;
  if (url.startsWith('/')) return url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || /[\u0000-\u001f\\]/.test(url)) return null;

  const hashAt = url.indexOf('#');
  const filePart = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : url.slice(hashAt);
  // Resolved as GitHub does, relative to docs/; only a Markdown file directly in docs/ is a page here.
  const resolved = path.posix.normalize(path.posix.join('docs', safeDecode(filePart)));
  const match = /^docs\/([^/]+)\.md$/.exec(resolved);
  return match ? `${docHref(match[1]!)}${fragment}` : null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function rewrite(node: Nodes): void {
  if (!('children' in node)) return;
  const children: ElementContent[] = [];
  for (const child of node.children as ElementContent[]) {
    if (child.type === 'element' && child.tagName === 'a') {
      const href = siteHref(String(child.properties.href ?? ''));
      if (href === null) {
        rewrite(child);
        children.push(...child.children);
        continue;
      }
      child.properties.href = href;
    } else if (child.type === 'element' && child.tagName === 'img') {
      const alt = String(child.properties.alt ?? '');
      if (alt) children.push({ type: 'text', value: alt });
      continue;
    }
    rewrite(child);
    children.push(child);
  }
  (node as Root | Element).children = children;
}
