import type { Nodes } from 'hast';

/** The text a reader sees in a hast node: its text descendants joined (what a heading's slug and label are made of). */
export function hastText(node: Nodes): string {
  if (node.type === 'text') return node.value;
  if ('children' in node) return node.children.map(hastText).join('');
  return '';
}
