import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocView } from '@/app/(site)/docs/_components/doc-view';
import { listDocSlugs, loadAllDocs, loadDoc, searchIndex, type Doc } from '@/app/(site)/docs/_lib/doc-files';

/**
 * Crawls the docs site: every docs/*.md rendered as /docs/<slug> shows it (app/(site)/docs/[slug]/page.tsx
 * renders DocView), and every link on those pages that stays on the site (`/docs...` or `#...`)
 * leads to a document that exists and, with a fragment, to an id on that document's page. Any
 * other link that is not http(s) or mailto counts as broken: the site does not serve it.
 * The search box's results are checked the same way.
 */
const attributeValues = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'g'))].map(([, value]) =>
    value!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
  );

const pages = new Map<string, string>();
let docs: Doc[] = [];

beforeAll(async () => {
  docs = await loadAllDocs();
  for (const doc of docs) pages.set(doc.slug, renderToStaticMarkup(createElement(DocView, { doc, docs })));
});

/** Why `href`, on the page of `from`, leads nowhere; undefined when it resolves or leaves the site. */
function brokenBecause(from: string, href: string): string | undefined {
  if (/^(?:https?:\/\/|mailto:)/i.test(href)) return undefined;
  const hashAt = href.indexOf('#');
  const pathPart = hashAt === -1 ? href : href.slice(0, hashAt);
  const fragment = hashAt === -1 ? undefined : decodeURIComponent(href.slice(hashAt + 1));
  let target: string;
  if (pathPart === '') target = from;
  else if (pathPart === '/docs') return fragment === undefined ? undefined : 'a fragment on the index page';
  else {
    const match = /^\/docs\/([^/?#]+)$/.exec(pathPart);
    if (!match) return 'not a page of the docs site';
    target = decodeURIComponent(match[1]!);
  }
  const page = pages.get(target);
  if (page === undefined) return `no document docs/${target}.md`;
  if (fragment === undefined) return undefined;
  return attributeValues(page, 'id').includes(fragment) ? undefined : `no id "${fragment}" on /docs/${target}`;
}

describe('the docs site', () => {
  it('serves every docs/*.md', async () => {
    const files = readdirSync(path.join(process.cwd(), 'docs')).filter((name) => name.endsWith('.md'));
    expect(files.length).toBeGreaterThan(10);
    expect((await listDocSlugs()).map((slug) => `${slug}.md`).sort()).toEqual(files.sort());
    expect([...pages.keys()].sort()).toEqual(files.map((name) => name.slice(0, -3)).sort());
    for (const doc of docs) expect(doc.headings[0], `docs/${doc.slug}.md opens with its title`).toMatchObject({ level: 1, text: doc.title });
  });

  it('serves nothing else: a slug is looked up among the documents, never used as a path', async () => {
    for (const slug of ['..', '../README', '../package.json', '..%2FREADME', 'api.md', 'API', '', '.', 'api/']) {
      expect(await loadDoc(slug), slug).toBeUndefined();
    }
    expect((await loadDoc('api'))?.title).toBe('API reference');
  });

  it('crawls something: pages hold internal links, fragments and headings', () => {
    const api = pages.get('api')!;
    expect(attributeValues(api, 'href')).toEqual(expect.arrayContaining(['/docs/webhooks', '/docs/state-machines#time-windows', '#idempotency']));
    expect(attributeValues(api, 'id')).toEqual(expect.arrayContaining(['idempotency', 'example-python']));
  });

  it('gives each page unique ids, none taken from the site layout', () => {
    for (const [slug, html] of pages) {
      const ids = attributeValues(html, 'id');
      const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
      expect(repeated, `/docs/${slug}`).toEqual([]);
      expect(ids, `/docs/${slug}`).not.toContain('main');
    }
  });

  it('has no broken link on any page: every /docs and # link leads to a document and an id on it', () => {
    const broken = [...pages].flatMap(([slug, html]) =>
      attributeValues(html, 'href').flatMap((href) => {
        const reason = brokenBecause(slug, href);
        return reason === undefined ? [] : [`/docs/${slug}: ${href}: ${reason}`];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('has no search result that leads nowhere', () => {
    const entries = searchIndex(docs);
    expect(entries.length).toBeGreaterThan(docs.length);
    const broken = entries.flatMap((entry) => {
      const reason = brokenBecause('', entry.href);
      return reason === undefined ? [] : [`${entry.href}: ${reason}`];
    });
    expect(broken).toEqual([]);
  });
});
