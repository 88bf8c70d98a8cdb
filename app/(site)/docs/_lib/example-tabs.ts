import type { Element, ElementContent, Root, RootContent } from 'hast';
import { hastText } from './hast-text';

/**
 * rehype plugin: the same example in several languages becomes one set of tabs.
 *
 * The convention (docs/api.md, "Signing a request"): a heading whose text starts with "Example:"
 * opens an example section, which runs to the next heading of the same or a higher level. Two or
 * more such sections in a row, at the same level, form one tab set; the tab's label is the
 * heading's text after "Example:" ("curl", "Node.js", "Python"). A lone example section stays an
 * ordinary section. On GitHub the file still reads as consecutive sections.
 *
 * The set becomes `<div data-example-tabs>` holding one `<section data-example-tab="label">` per
 * example, which the renderer (app/(site)/docs/_components/hast-to-react.tsx) turns into the tabs. Raw
 * HTML never reaches the tree (raw-html-as-text.ts), so a document cannot forge these markers.
 * Each heading keeps its id, so `#example-python` still leads to its tab.
 */
export function exampleTabs() {
  return (tree: Root) => {
    tree.children = groupExamples(tree.children);
  };
}

const EXAMPLE_HEADING = /^\s*Example:\s*(\S.*?)\s*$/;

export const TAB_SET_MARKER = 'dataExampleTabs';
export const TAB_MARKER = 'dataExampleTab';
/** Class of an example's own heading: hidden once the tab above it says the same. */
const TAB_HEADING_CLASS = 'docs-tab-heading';

function headingLevel(node: RootContent | undefined): number | undefined {
  if (node?.type !== 'element') return undefined;
  const match = /^h([1-6])$/.exec(node.tagName);
  return match ? Number(match[1]) : undefined;
}

function exampleLabel(node: RootContent | undefined): string | undefined {
  return node?.type === 'element' && headingLevel(node) !== undefined ? EXAMPLE_HEADING.exec(hastText(node))?.[1] : undefined;
}

function groupExamples(children: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  let i = 0;
  while (i < children.length) {
    const level = headingLevel(children[i]);
    if (level === undefined || exampleLabel(children[i]) === undefined) {
      out.push(children[i]!);
      i++;
      continue;
    }
    const tabs: { label: string; nodes: RootContent[] }[] = [];
    let j = i;
    while (j < children.length && headingLevel(children[j]) === level && exampleLabel(children[j]) !== undefined) {
      const label = exampleLabel(children[j])!;
      const start = j++;
      while (j < children.length && !((headingLevel(children[j]) ?? 7) <= level)) j++;
      tabs.push({ label, nodes: children.slice(start, j) });
    }
    if (tabs.length < 2) {
      out.push(...children.slice(i, j));
    } else {
      out.push(tabSet(tabs));
    }
    i = j;
  }
  return out;
}

function tabSet(tabs: { label: string; nodes: RootContent[] }[]): Element {
  return {
    type: 'element',
    tagName: 'div',
    properties: { [TAB_SET_MARKER]: '' },
    children: tabs.map(({ label, nodes }) => {
      const heading = nodes[0] as Element;
      heading.properties.className = [...classList(heading), TAB_HEADING_CLASS];
      return { type: 'element', tagName: 'section', properties: { [TAB_MARKER]: label }, children: nodes as ElementContent[] };
    }),
  };
}

function classList(element: Element): string[] {
  const value: unknown = element.properties.className;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/) : [];
}
