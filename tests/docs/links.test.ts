import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '@/app/(site)/docs/_lib/render-markdown';

/**
 * The README and docs/ are the product's contract and its manual; a link that leads nowhere sends a
 * reader to a rule that is not there. Every relative link must name a file or folder of the
 * repository and, with a `#anchor`, a heading of that file. Anchors are the ids the docs site's
 * pipeline (app/(site)/docs/_lib/render-markdown.ts, rehype-slug) gives headings, which follow GitHub's
 * rule, so an anchor that works here works on GitHub too. The site's own links are crawled in
 * tests/docs/site-links.test.ts.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

const documents = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** Link targets outside fenced code and inline code, where `[a](b)` is text, not a link. */
function linkTargets(markdown: string): string[] {
  const prose = markdown
    .replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[ \t]*$|(?![\s\S]))/gm, '')
    .replace(/(`+)[\s\S]*?\1/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(([, target]) => target!);
}

const anchorsOf = new Map<string, Set<string>>();
function anchors(file: string): Set<string> {
  let ids = anchorsOf.get(file);
  if (!ids) {
    ids = new Set(renderMarkdown(readFileSync(file, 'utf8')).headings.map((heading) => heading.id));
    anchorsOf.set(file, ids);
  }
  return ids;
}

/** Why a relative link from `document` does not resolve, or undefined when it does. */
function brokenBecause(document: string, target: string): string | undefined {
  const [rawPath = '', anchor] = target.split('#', 2);
  const file = rawPath === '' ? path.join(root, document) : path.resolve(path.dirname(path.join(root, document)), decodeURIComponent(rawPath));
  if (!file.startsWith(root)) return 'points outside the repository';
  if (!existsSync(file)) return 'no such file';
  if (anchor === undefined || anchor === '') return undefined;
  if (!statSync(file).isFile() || !file.endsWith('.md')) return 'an anchor into something that is not a Markdown file';
  return anchors(file).has(decodeURIComponent(anchor).toLowerCase()) ? undefined : `no heading #${anchor}`;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

describe('links in README.md and docs/*.md', () => {
  it('finds the documents and their links', () => {
    expect(documents).toContain('docs/api.md');
    expect(linkTargets(readFileSync(path.join(root, 'README.md'), 'utf8'))).toContain('docs/api.md');
  });

  it.each(documents)('%s: every relative link resolves to a file and, with an anchor, to one of its headings', (document) => {
    const targets = linkTargets(readFileSync(path.join(root, document), 'utf8')).filter((target) => !isExternal(target));
    const broken = targets.flatMap((target) => {
      const reason = brokenBecause(document, target);
      return reason === undefined ? [] : [`${target}: ${reason}`];
    });
    expect(broken).toEqual([]);
  });
});

describe('linkTargets', () => {
  it('reads inline links and images, and skips code', () => {
    const markdown = [
      'See [the API](docs/api.md#errors "Errors") and ![logo](img/logo.png).',
      '`[not](a-link.md)` and <https://example.com>',
      '```md',
      '[also not](inside-a-fence.md)',
      '```',
      '| [in a table](docs/errors.md) |',
    ].join('\n');
    expect(linkTargets(markdown)).toEqual(['docs/api.md#errors', 'img/logo.png', 'docs/errors.md']);
  });
});
