import type { Element, Nodes, Root } from 'hast';
import rehypeHighlight from 'rehype-highlight';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { docLinks } from './doc-links';
import { exampleTabs } from './example-tabs';
import { hastText } from './hast-text';
import { rawHtmlAsText } from './raw-html-as-text';

/** A heading of a rendered document: its level (1 to 6), the id rehype-slug gave it, its text. */
export interface DocHeading {
  level: number;
  id: string;
  text: string;
}

export interface RenderedMarkdown {
  /** The document as a hast tree, ready for app/(site)/docs/_components/hast-to-react.tsx. */
  tree: Root;
  /** The text of the first h1, if any. */
  title: string | undefined;
  /** The first paragraph's text, shortened: the page's meta description and the index's blurb. */
  description: string;
  /** Every heading, in document order. */
  headings: DocHeading[];
  /** The text under each heading (and before the first), for the search of every page's text. */
  sections: DocSection[];
}

/** A heading and the text a reader sees under it, up to the next heading; `id` is undefined before the first heading. */
export interface DocSection {
  id: string | undefined;
  heading: string;
  text: string;
}

/**
 * Markdown to a hast tree, the one pipeline every docs page goes through: CommonMark and GitHub's
 * extensions (tables, task lists, autolinks, strikethrough), headings with GitHub's ids
 * (rehype-slug), links made to work on the site (doc-links.ts), examples in several languages
 * grouped as tabs (example-tabs.ts), code highlighted by highlight.js. Raw HTML is shown as text
 * (raw-html-as-text.ts), so the output holds only elements this pipeline made.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(rawHtmlAsText)
  .use(remarkRehype)
  .use(rehypeSlug)
  .use(docLinks)
  .use(exampleTabs)
  // Diagram sources and plain text are shown as they are; `detect` stays off so an unlabelled
  // block is never guessed into the wrong colours.
  .use(rehypeHighlight, { plainText: ['text', 'txt', 'mermaid'] });

export function renderMarkdown(source: string): RenderedMarkdown {
  const tree = processor.runSync(processor.parse(source));
  const headings = collectHeadings(tree);
  return {
    tree,
    title: headings.find((heading) => heading.level === 1)?.text,
    description: firstParagraph(tree),
    headings,
    sections: collectSections(tree),
  };
}

/** The document cut at its top-level headings: each heading with the text of the blocks after it. */
function collectSections(tree: Root): DocSection[] {
  const sections: DocSection[] = [];
  let current: DocSection = { id: undefined, heading: '', text: '' };
  for (const node of tree.children) {
    if (node.type === 'element' && /^h[1-6]$/.test(node.tagName) && typeof node.properties.id === 'string') {
      if (current.text.trim() !== '' || current.id !== undefined) sections.push(current);
      current = { id: node.properties.id, heading: hastText(node).trim(), text: '' };
    } else {
      current.text += ` ${hastText(node)}`;
    }
  }
  sections.push(current);
  return sections.map((section) => ({ ...section, text: section.text.replace(/\s+/g, ' ').trim() }));
}

function collectHeadings(tree: Root): DocHeading[] {
  const headings: DocHeading[] = [];
  walkElements(tree, (element) => {
    const level = /^h([1-6])$/.exec(element.tagName)?.[1];
    const id = element.properties.id;
    if (level && typeof id === 'string') headings.push({ level: Number(level), id, text: hastText(element).trim() });
  });
  return headings;
}

const DESCRIPTION_LENGTH = 200;

function firstParagraph(tree: Root): string {
  const paragraph = tree.children.find((node): node is Element => node.type === 'element' && node.tagName === 'p');
  const text = paragraph ? hastText(paragraph).replace(/\s+/g, ' ').trim() : '';
  if (text.length <= DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

function walkElements(node: Nodes, visit: (element: Element) => void): void {
  if (node.type === 'element') visit(node);
  if ('children' in node) for (const child of node.children) walkElements(child, visit);
}
