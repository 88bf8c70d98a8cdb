import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Text pasted twice reads as a broken page on the docs site: a heading right after the same
 * heading, or an ordered list whose numbers start again (steps 3 and 4 twice). Code blocks are
 * left out, where repetition can be the point.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const documents = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

function proseLines(markdown: string): string[] {
  return markdown.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[ \t]*$|(?![\s\S]))/gm, '').split('\n');
}

/** Each repetition as "line: what", for the failure message. */
function repetitions(markdown: string): string[] {
  const found: string[] = [];
  let lastHeading: string | null = null;
  let lastNumber: number | null = null;
  proseLines(markdown).forEach((line, index) => {
    const heading = /^(#{1,6})\s+(.+?)\s*$/.exec(line);
    if (heading) {
      if (heading[0] === lastHeading) found.push(`${index + 1}: heading "${heading[2]}" twice`);
      lastHeading = heading[0];
      lastNumber = null;
      return;
    }
    if (line.trim() !== '') lastHeading = null;
    const item = /^(\d+)\.\s/.exec(line);
    if (item) {
      const number = Number(item[1]);
      if (lastNumber !== null && number <= lastNumber) found.push(`${index + 1}: list item ${number} after ${lastNumber}`);
      lastNumber = number;
    } else if (line.trim() === '' || /^\S/.test(line)) {
      // A blank line or a paragraph ends the list; an indented line continues its item.
      if (line.trim() !== '' || lastNumber === null) lastNumber = null;
    }
  });
  return found;
}

describe('the docs say each thing once', () => {
  for (const document of documents) {
    it(`${document} repeats no heading and restarts no numbered list`, () => {
      expect(repetitions(readFileSync(path.join(root, document), 'utf8'))).toEqual([]);
    });
  }

  it('finds the repetitions it is for', () => {
    expect(repetitions('## Invitations\n\n## Invitations\n')).toEqual(['3: heading "Invitations" twice']);
    expect(repetitions('1. a\n2. b\n3. c\n4. d\n3. c\n4. d\n')).toEqual(['5: list item 3 after 4']);
    expect(repetitions('1. a\n2. b\n\nText.\n\n1. c\n')).toEqual([]);
  });
});
