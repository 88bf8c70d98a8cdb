import { Fragment } from 'react';
import type { Inline } from './markdown-parse';

/** Inline Markdown as React elements: text stays text, so nothing in the source can become markup. */
export function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return <>{nodes.map(renderInline)}</>;
}

function renderInline(node: Inline, key: number) {
  switch (node.type) {
    case 'text':
      return <Fragment key={key}>{node.text}</Fragment>;
    case 'code':
      return <code key={key}>{node.text}</code>;
    case 'strong':
      return (
        <strong key={key}>
          <InlineNodes nodes={node.children} />
        </strong>
      );
    case 'em':
      return (
        <em key={key}>
          <InlineNodes nodes={node.children} />
        </em>
      );
    case 'link':
      // href was vetted by safeHref when parsed.
      return (
        <a key={key} href={node.href}>
          <InlineNodes nodes={node.children} />
        </a>
      );
  }
}
