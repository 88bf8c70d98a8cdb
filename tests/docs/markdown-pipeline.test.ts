import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DocContent } from '@/app/(site)/docs/_components/doc-content';
import { siteHref } from '@/app/(site)/docs/_lib/doc-links';
import { renderMarkdown } from '@/app/(site)/docs/_lib/render-markdown';
import { searchHeadings, type SearchEntry } from '@/app/(site)/docs/_lib/search-headings';
import { searchSections } from '@/app/(site)/docs/_lib/search-sections';

/** A Markdown source as the docs pages show it: the same pipeline and the same React rendering. */
function html(markdown: string): string {
  const doc = { ...renderMarkdown(markdown), slug: 'test', title: 'Test' };
  return renderToStaticMarkup(createElement(DocContent, { doc }));
}

describe('the docs pipeline (app/(site)/docs/_lib/render-markdown.ts)', () => {
  it('gives headings GitHub ids, unique within the document, and lists them', () => {
    const source = '# API reference\n\n## Create a payout: `POST /api/v1/withdrawals`\n\n## Errors\n\n### Errors\n';
    const { title, headings } = renderMarkdown(source);
    expect(title).toBe('API reference');
    expect(headings).toEqual([
      { level: 1, id: 'api-reference', text: 'API reference' },
      { level: 2, id: 'create-a-payout-post-apiv1withdrawals', text: 'Create a payout: POST /api/v1/withdrawals' },
      { level: 2, id: 'errors', text: 'Errors' },
      { level: 3, id: 'errors-1', text: 'Errors' },
    ]);
    expect(html(source)).toContain('<h2 id="create-a-payout-post-apiv1withdrawals">Create a payout: <code>POST /api/v1/withdrawals</code></h2>');
  });

  it('renders GFM tables, with header cells, alignment as classes, and a scrollable frame', () => {
    const out = html('| Code | HTTP |\n|:--|--:|\n| `ORDER_NOT_FOUND` | 404 |\n');
    expect(out).toContain('<div class="table-scroll" tabindex="0"><table><thead><tr><th class="align-left" scope="col">Code</th>');
    expect(out).toContain('<td class="align-right">404</td>');
    expect(out).toContain('<td class="align-left"><code>ORDER_NOT_FOUND</code></td>');
  });

  it('shows raw HTML as text, in blocks and inline, and never as an element', () => {
    const out = html('<script>alert(1)</script>\n\nA <img src=x onerror="alert(2)"> and <b>bold</b>.\n');
    expect(out).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(out).toContain('A &lt;img src=x onerror=&quot;alert(2)&quot;&gt; and &lt;b&gt;bold&lt;/b&gt;.');
    expect(out).not.toMatch(/<(script|img|b)[\s>]/);
  });

  it('turns links to docs/*.md into their pages and keeps fragments, external links and mail', () => {
    const out = html('[a](webhooks.md) [b](webhooks.md#retries) [c](./errors.md) [d](#limits) [e](https://example.com/x) [f](mailto:ops@example.com)\n');
    expect(out).toContain('<a href="/docs/webhooks">a</a>');
    expect(out).toContain('<a href="/docs/webhooks#retries">b</a>');
    expect(out).toContain('<a href="/docs/errors">c</a>');
    expect(out).toContain('<a href="#limits">d</a>');
    expect(out).toContain('<a href="https://example.com/x">e</a>');
    expect(out).toContain('<a href="mailto:ops@example.com">f</a>');
  });

  it('shows links to files the site does not serve, and unsafe links, as their text', () => {
    const out = html('[readme](../README.md) [source](../server/errors/codes.ts) [x](javascript:alert(1)) [y](data:text/html,hi) [z](//evil.example) ![logo](logo.png)\n');
    expect(out).toBe('<div class="markdown docs-content"><p>readme source x y z logo</p></div>');
  });

  it.each([
    ['webhooks.md', '/docs/webhooks'],
    ['webhooks.md#signatures', '/docs/webhooks#signatures'],
    ['../docs/api.md', '/docs/api'],
    ['sub/page.md', null],
    ['../README.md', null],
    ['JaVaScRiPt:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['/\\evil.example', null],
    ['/docs/api#errors', '/docs/api#errors'],
  ])('siteHref(%j) is %j', (target, expected) => {
    expect(siteHref(target)).toBe(expected);
  });

  it('highlights code and gives every code block, nested ones too, a copy button', () => {
    const out = html('```js\nconst a = 1;\n```\n\n- a step:\n\n  ```sh\n  npm start\n  ```\n\n```mermaid\ngraph TD\n```\n');
    expect(out).toContain('<code class="hljs language-js"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;\n</code>');
    expect(out.match(/<button type="button" class="docs-copy">Copy<span class="visually-hidden"> code<\/span><\/button>/g)).toHaveLength(3);
    expect(out).toContain('<code class="language-mermaid">graph TD\n</code>');
  });

  it('groups consecutive "Example:" sections into one tab set, each heading kept with its id', () => {
    const source = [
      '## Signing',
      '### Example: curl',
      '```sh\ncurl x\n```',
      '### Example: Python',
      'Standard library only.',
      '```python\nprint(1)\n```',
      '## Errors',
      '### Example: alone',
    ].join('\n\n');
    const out = html(source);
    expect(out.match(/class="docs-tabs"/g)).toHaveLength(1);
    const tabs = out.slice(out.indexOf('class="docs-tabs"'), out.indexOf('<h2 id="errors">'));
    expect(tabs).toContain('<h3 id="example-curl" class="docs-tab-heading">Example: curl</h3>');
    expect(tabs).toContain('<h3 id="example-python" class="docs-tab-heading">Example: Python</h3>');
    expect(tabs).toContain('Standard library only.');
    // A lone example stays a plain section.
    expect(out).toContain('<h3 id="example-alone">Example: alone</h3>');
  });

  it('takes a description from the first paragraph', () => {
    expect(renderMarkdown('# T\n\nThe *merchant* API.\n\nMore.').description).toBe('The merchant API.');
  });
});

describe('searchHeadings', () => {
  const entries: SearchEntry[] = [
    { href: '/docs/api', text: 'API reference', doc: 'API reference' },
    { href: '/docs/api#limits', text: 'Limits', doc: 'API reference' },
    { href: '/docs/api#idempotency', text: 'Idempotency', doc: 'API reference' },
    { href: '/docs/webhooks#retries-and-idempotency', text: 'Retries and idempotency', doc: 'Webhooks' },
  ];

  it('finds headings holding every word, those starting with the query first', () => {
    expect(searchHeadings(entries, 'idem', 10).map((entry) => entry.href)).toEqual(['/docs/api#idempotency', '/docs/webhooks#retries-and-idempotency']);
    expect(searchHeadings(entries, 'webhooks IDEMPOTENCY', 10).map((entry) => entry.href)).toEqual(['/docs/webhooks#retries-and-idempotency']);
    expect(searchHeadings(entries, '  ', 10)).toEqual([]);
    expect(searchHeadings(entries, 'a', 2)).toHaveLength(2);
  });
});

describe('searchSections', () => {
  const doc = {
    ...renderMarkdown('# API reference\n\nThe opening words.\n\n## Limits\n\nA key may send 600 requests a minute; beyond that it gets `RATE_LIMITED`.\n\n## Idempotency\n\nReplays answer the first response.\n'),
    slug: 'api',
    title: 'API reference',
  };

  it('finds a word of a section’s text, not only of its heading, with the text around it', () => {
    expect(doc.sections.map((section) => section.id)).toEqual(['api-reference', 'limits', 'idempotency']);
    expect(searchSections([doc], 'rate_limited', 10)).toEqual([
      { href: '/docs/api#limits', heading: 'Limits', doc: 'API reference', snippet: 'A key may send 600 requests a minute; beyond that it gets RATE_LIMITED.' },
    ]);
    expect(searchSections([doc], 'REPLAYS first', 10).map((match) => match.href)).toEqual(['/docs/api#idempotency']);
    expect(searchSections([doc], 'nowhere', 10)).toEqual([]);
    expect(searchSections([doc], '   ', 10)).toEqual([]);
  });
});
