/**
 * A small Markdown parser for the project's own documents (docs/*.md): the subset they use
 * (ATX headings, paragraphs, fenced and indented code, GFM tables, flat lists, block quotes, rules;
 * inline code, bold, emphasis, links, autolinks). It produces plain data that markdown.tsx turns into
 * React elements, so no HTML string is ever built and raw HTML in the source stays text.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };

export type Align = 'left' | 'center' | 'right' | null;

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; id: string; content: Inline[] }
  | { type: 'paragraph'; content: Inline[] }
  | { type: 'code'; lang: string | null; text: string }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'table'; align: Align[]; header: Inline[][]; rows: Inline[][][] }
  | { type: 'quote'; blocks: Block[] }
  | { type: 'rule' };

const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})[ \t]*([^\s`]*)[^`]*$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const BULLET = /^ {0,3}[-*+][ \t]+(.*)$/;
const ORDERED = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;
const QUOTE = /^ {0,3}>[ \t]?(.*)$/;
const INDENTED_CODE = /^(?: {4}|\t)(.*)$/;
const TABLE_DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const ESCAPABLE = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;
const AUTOLINK = /^<((?:https?:\/\/|mailto:)[^\s<>]+)>/i;

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  return parseLines(lines, createSlugger());
}

function parseLines(lines: string[], slug: (text: string) => string): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line)) {
      i++;
      continue;
    }

    const fence = FENCE_OPEN.exec(line);
    if (fence) {
      const indent = fence[1]!.length;
      const marker = fence[2]!;
      const body: string[] = [];
      i++;
      while (i < lines.length && !closesFence(lines[i]!, marker)) {
        body.push(stripIndent(lines[i]!, indent));
        i++;
      }
      i++; // the closing fence; an unclosed fence runs to the end, as in CommonMark
      blocks.push({ type: 'code', lang: codeLanguage(fence[3]!), text: body.join('\n') });
      continue;
    }

    if (INDENTED_CODE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && (INDENTED_CODE.test(lines[i]!) || isBlank(lines[i]!))) {
        body.push(INDENTED_CODE.exec(lines[i]!)?.[1] ?? '');
        i++;
      }
      while (body.length > 0 && isBlank(body[body.length - 1]!)) body.pop();
      blocks.push({ type: 'code', lang: null, text: body.join('\n') });
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      const content = parseInline(heading[2] ?? '');
      const level = heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: 'heading', level, id: slug(plainText(content)), content });
      i++;
      continue;
    }

    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }

    if (startsTable(lines, i)) {
      const header = splitRow(line);
      const align = splitRow(lines[i + 1]!).map(cellAlign);
      i += 2;
      const rows: Inline[][][] = [];
      while (i < lines.length && !isBlank(lines[i]!) && lines[i]!.includes('|')) {
        const cells = splitRow(lines[i]!);
        // GFM: a row is cut or padded to the header's width.
        rows.push(header.map((_, c) => parseInline(cells[c] ?? '')));
        i++;
      }
      blocks.push({ type: 'table', align, header: header.map((cell) => parseInline(cell)), rows });
      continue;
    }

    const bullet = BULLET.exec(line);
    const ordered = bullet ? null : ORDERED.exec(line);
    if (bullet || ordered) {
      const itemPattern = bullet ? BULLET : ORDERED;
      const items: string[][] = [];
      while (i < lines.length) {
        const current = lines[i]!;
        const item = itemPattern.exec(current);
        if (item) {
          items.push([item[bullet ? 1 : 2]!.trim()]);
          i++;
          continue;
        }
        if (isBlank(current)) {
          // A blank line between items keeps the list going; anything else after it ends the list.
          let next = i + 1;
          while (next < lines.length && isBlank(lines[next]!)) next++;
          if (next < lines.length && itemPattern.test(lines[next]!)) {
            i = next;
            continue;
          }
          break;
        }
        if (/^[ \t]{2,}\S/.test(current) || !startsBlock(lines, i)) {
          items[items.length - 1]!.push(current.trim());
          i++;
          continue;
        }
        break;
      }
      blocks.push({
        type: 'list',
        ordered: Boolean(ordered),
        start: ordered ? Number(ordered[1]) : 1,
        items: items.map((itemLines) => parseInline(itemLines.join(' '))),
      });
      continue;
    }

    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && !isBlank(lines[i]!)) {
        const quoted = QUOTE.exec(lines[i]!);
        if (!quoted && startsBlock(lines, i)) break;
        inner.push(quoted ? quoted[1]! : lines[i]!);
        i++;
      }
      blocks.push({ type: 'quote', blocks: parseLines(inner, slug) });
      continue;
    }

    const paragraph: string[] = [];
    while (i < lines.length && !isBlank(lines[i]!) && (paragraph.length === 0 || !startsBlock(lines, i))) {
      paragraph.push(lines[i]!.trim());
      i++;
    }
    blocks.push({ type: 'paragraph', content: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}

/** Whether line i begins a block other than a paragraph (so it ends a paragraph or a list item). */
function startsBlock(lines: string[], i: number): boolean {
  const line = lines[i]!;
  return (
    FENCE_OPEN.test(line) ||
    HEADING.test(line) ||
    RULE.test(line) ||
    BULLET.test(line) ||
    ORDERED.test(line) ||
    QUOTE.test(line) ||
    startsTable(lines, i)
  );
}

function startsTable(lines: string[], i: number): boolean {
  const header = lines[i];
  const delimiter = lines[i + 1];
  if (header === undefined || delimiter === undefined) return false;
  if (!header.includes('|') || !delimiter.includes('|') || !TABLE_DELIMITER.test(delimiter)) return false;
  return splitRow(header).length === splitRow(delimiter).length;
}

/** Cells of a table row. A pipe inside a code span or escaped as \| belongs to the cell. */
export function splitRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  let openTicks = 0;
  for (let k = 0; k < row.length; k++) {
    const ch = row[k]!;
    if (ch === '\\' && row[k + 1] === '|') {
      cell += '|';
      k++;
    } else if (ch === '`') {
      const run = runLength(row, k, '`');
      if (openTicks === 0) openTicks = run;
      else if (run === openTicks) openTicks = 0;
      cell += row.slice(k, k + run);
      k += run - 1;
    } else if (ch === '|' && openTicks === 0) {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += ch;
    }
  }
  cells.push(cell.trim());
  return cells;
}

function cellAlign(delimiterCell: string): Align {
  const left = delimiterCell.startsWith(':');
  const right = delimiterCell.endsWith(':');
  if (left && right) return 'center';
  if (right) return 'right';
  if (left) return 'left';
  return null;
}

export function parseInline(text: string): Inline[] {
  const nodes: Inline[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) nodes.push({ type: 'text', text: buffer });
    buffer = '';
  };

  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;

    if (ch === '\\' && i + 1 < text.length && ESCAPABLE.test(text[i + 1]!)) {
      buffer += text[i + 1];
      i += 2;
      continue;
    }

    if (ch === '`') {
      const run = runLength(text, i, '`');
      const close = findRun(text, i + run, '`', run);
      if (close === -1) {
        buffer += text.slice(i, i + run);
        i += run;
        continue;
      }
      let code = text.slice(i + run, close);
      // CommonMark: one space each side is padding, so `` `x` `` can show backticks.
      if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
      flush();
      nodes.push({ type: 'code', text: code });
      i = close + run;
      continue;
    }

    if (text.startsWith('**', i)) {
      const close = text.indexOf('**', i + 2);
      if (close > i + 2 && !/\s/.test(text[i + 2]!) && !/\s/.test(text[close - 1]!)) {
        flush();
        nodes.push({ type: 'strong', children: parseInline(text.slice(i + 2, close)) });
        i = close + 2;
        continue;
      }
    }

    // Only `*` marks emphasis: `_` is left alone because identifiers such as snake_case are common here.
    if (ch === '*' && text[i + 1] !== '*' && i + 1 < text.length && !/\s/.test(text[i + 1]!)) {
      const close = findSingleStar(text, i + 1);
      if (close !== -1) {
        flush();
        nodes.push({ type: 'em', children: parseInline(text.slice(i + 1, close)) });
        i = close + 1;
        continue;
      }
    }

    if (ch === '[') {
      const link = parseLink(text, i);
      if (link) {
        flush();
        const label = parseInline(link.label);
        const href = safeHref(link.destination);
        // An unsafe destination (javascript:, data:, ...) keeps its words but loses the link.
        if (href) nodes.push({ type: 'link', href, children: label });
        else nodes.push(...label);
        i = link.end;
        continue;
      }
    }

    if (ch === '<') {
      const autolink = AUTOLINK.exec(text.slice(i));
      if (autolink) {
        flush();
        const url = autolink[1]!;
        nodes.push({ type: 'link', href: url, children: [{ type: 'text', text: url.replace(/^mailto:/i, '') }] });
        i += autolink[0].length;
        continue;
      }
    }

    buffer += ch;
    i++;
  }
  flush();
  return nodes;
}

function parseLink(text: string, open: number): { label: string; destination: string; end: number } | null {
  let depth = 0;
  let closeBracket = -1;
  for (let k = open; k < text.length; k++) {
    const ch = text[k];
    if (ch === '\\') {
      k++;
    } else if (ch === '[') {
      depth++;
    } else if (ch === ']') {
      depth--;
      if (depth === 0) {
        closeBracket = k;
        break;
      }
    }
  }
  if (closeBracket === -1 || text[closeBracket + 1] !== '(') return null;
  let parens = 0;
  for (let k = closeBracket + 1; k < text.length; k++) {
    const ch = text[k];
    if (ch === '(') parens++;
    else if (ch === ')') {
      parens--;
      if (parens === 0) {
        const target = text.slice(closeBracket + 2, k).trim();
        // A destination may be wrapped in <...>; a title after it ("...") is ignored.
        const destination = target.startsWith('<') ? (/^<([^>]*)>/.exec(target)?.[1] ?? '') : (target.split(/\s+/)[0] ?? '');
        return { label: text.slice(open + 1, closeBracket), destination, end: k + 1 };
      }
    }
  }
  return null;
}

/**
 * Link destinations that are safe to put in href: http(s), mailto, and scheme-less relative
 * references. Everything else (javascript:, data:, vbscript:, protocol-relative //host) is refused.
 */
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '' || /[\s\u0000-\u001f]/.test(trimmed)) return null;
  if (/^(?:https?:\/\/|mailto:)/i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('//') || trimmed.startsWith('\\')) return null;
  // A colon before the first / ? or # would make it a scheme.
  const schemePart = trimmed.split(/[/?#]/, 1)[0] ?? '';
  return schemePart.includes(':') ? null : trimmed;
}

export function plainText(nodes: Inline[]): string {
  return nodes.map((node) => ('text' in node ? node.text : plainText(node.children))).join('');
}

/** Heading ids as GitHub makes them, numbered when repeated, so links into the reference are stable. */
function createSlugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base =
      text
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .trim()
        .replace(/\s/g, '-') || 'section';
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  };
}

function codeLanguage(info: string): string | null {
  return /^[\w+-]+$/.test(info) ? info.toLowerCase() : null;
}

function closesFence(line: string, marker: string): boolean {
  const close = FENCE_CLOSE.exec(line);
  return close !== null && close[1]![0] === marker[0] && close[1]!.length >= marker.length;
}

function stripIndent(line: string, indent: number): string {
  let k = 0;
  while (k < indent && line[k] === ' ') k++;
  return line.slice(k);
}

function isBlank(line: string): boolean {
  return line.trim() === '';
}

function runLength(text: string, from: number, ch: string): number {
  let k = from;
  while (text[k] === ch) k++;
  return k - from;
}

/** Index of the next run of exactly `length` copies of ch at or after `from`, or -1. */
function findRun(text: string, from: number, ch: string, length: number): number {
  let k = from;
  while (k < text.length) {
    if (text[k] === ch) {
      const run = runLength(text, k, ch);
      if (run === length) return k;
      k += run;
    } else {
      k++;
    }
  }
  return -1;
}

function findSingleStar(text: string, from: number): number {
  for (let k = from; k < text.length; k++) {
    if (text[k] === '\\') {
      k++;
    } else if (text[k] === '`') {
      const run = runLength(text, k, '`');
      const close = findRun(text, k + run, '`', run);
      if (close !== -1) k = close + run - 1;
    } else if (text[k] === '*' && text[k + 1] !== '*' && text[k - 1] !== '*' && !/\s/.test(text[k - 1]!)) {
      return k;
    }
  }
  return -1;
}
