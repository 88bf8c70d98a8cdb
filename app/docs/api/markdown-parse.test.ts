import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref, splitRow } from './markdown-parse';

describe('parseMarkdown', () => {
  it('reads headings with unique ids, paragraphs, fenced code and rules', () => {
    const blocks = parseMarkdown('# API reference\n\nSome *text*\nwraps.\n\n```sh\necho "a"\n\n  b\n```\n\n---\n\n## API reference\n');
    expect(blocks).toEqual([
      { type: 'heading', level: 1, id: 'api-reference', content: [{ type: 'text', text: 'API reference' }] },
      {
        type: 'paragraph',
        content: [{ type: 'text', text: 'Some ' }, { type: 'em', children: [{ type: 'text', text: 'text' }] }, { type: 'text', text: ' wraps.' }],
      },
      { type: 'code', lang: 'sh', text: 'echo "a"\n\n  b' },
      { type: 'rule' },
      { type: 'heading', level: 2, id: 'api-reference-1', content: [{ type: 'text', text: 'API reference' }] },
    ]);
  });

  it('keeps Markdown inside a fence as text, and runs an unclosed fence to the end', () => {
    expect(parseMarkdown('```\n# not a heading\n| a | b |')).toEqual([{ type: 'code', lang: null, text: '# not a heading\n| a | b |' }]);
  });

  it('reads tables with alignment, pads short rows and keeps pipes inside code', () => {
    const [table] = parseMarkdown('| a | b |\n|:--|--:|\n| `x|y` | 2 |\n| 3 |\n');
    expect(table).toMatchObject({
      type: 'table',
      align: ['left', 'right'],
      header: [[{ type: 'text', text: 'a' }], [{ type: 'text', text: 'b' }]],
      rows: [
        [[{ type: 'code', text: 'x|y' }], [{ type: 'text', text: '2' }]],
        [[{ type: 'text', text: '3' }], []],
      ],
    });
  });

  it('reads bullet and ordered lists with continuation lines', () => {
    const blocks = parseMarkdown('- one\n  more\n- two\n\n3. three\n4. four\n');
    expect(blocks).toEqual([
      { type: 'list', ordered: false, start: 1, items: [[{ type: 'text', text: 'one more' }], [{ type: 'text', text: 'two' }]] },
      { type: 'list', ordered: true, start: 3, items: [[{ type: 'text', text: 'three' }], [{ type: 'text', text: 'four' }]] },
    ]);
  });

  it('reads indented code and block quotes', () => {
    expect(parseMarkdown('    a = 1\n\n> quoted\n> text')).toEqual([
      { type: 'code', lang: null, text: 'a = 1' },
      { type: 'quote', blocks: [{ type: 'paragraph', content: [{ type: 'text', text: 'quoted text' }] }] },
    ]);
  });

  it('leaves raw HTML as text', () => {
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: '<script>alert(1)</script>' }] },
    ]);
  });
});

describe('parseInline', () => {
  it('reads code, bold, links, autolinks and escapes', () => {
    expect(parseInline('`a*b` **bold `c`** [docs](/docs/api#errors "t") <https://example.com> \\*x\\*')).toEqual([
      { type: 'code', text: 'a*b' },
      { type: 'text', text: ' ' },
      { type: 'strong', children: [{ type: 'text', text: 'bold ' }, { type: 'code', text: 'c' }] },
      { type: 'text', text: ' ' },
      { type: 'link', href: '/docs/api#errors', children: [{ type: 'text', text: 'docs' }] },
      { type: 'text', text: ' ' },
      { type: 'link', href: 'https://example.com', children: [{ type: 'text', text: 'https://example.com' }] },
      { type: 'text', text: ' *x*' },
    ]);
  });

  it('drops unsafe link targets but keeps their words', () => {
    expect(parseInline('[click](javascript:alert(1))')).toEqual([{ type: 'text', text: 'click' }]);
  });

  it('leaves lone markers alone', () => {
    expect(parseInline('a * b ** c ` d [e]')).toEqual([{ type: 'text', text: 'a * b ** c ` d [e]' }]);
  });
});

describe('safeHref', () => {
  it.each([
    ['https://example.com/x', 'https://example.com/x'],
    ['mailto:ops@example.com', 'mailto:ops@example.com'],
    ['/docs/api', '/docs/api'],
    ['#errors', '#errors'],
    ['errors.md', 'errors.md'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['data:text/html,x', null],
    ['//evil.example', null],
    ['java\tscript:x', null],
  ])('%s', (url, expected) => {
    expect(safeHref(url)).toBe(expected);
  });
});

describe('splitRow', () => {
  it('honours escaped pipes', () => {
    expect(splitRow('| a \\| b | c |')).toEqual(['a | b', 'c']);
  });
});
