import type { ReactNode } from 'react';
import { InlineNodes } from './markdown-inline';
import { parseMarkdown, type Align, type Block } from './markdown-parse';

/**
 * Renders one of the project's Markdown documents as React elements. There is no
 * dangerouslySetInnerHTML anywhere: HTML in the source is shown as text, and link targets go
 * through an allowlist, so the page's CSP never has to forgive the renderer.
 */
export function Markdown({ source }: { source: string }) {
  return <div className="markdown">{parseMarkdown(source).map(renderBlock)}</div>;
}

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.type) {
    case 'heading': {
      const Heading = `h${block.level}` as const;
      return (
        <Heading key={key} id={block.id}>
          <InlineNodes nodes={block.content} />
        </Heading>
      );
    }
    case 'paragraph':
      return (
        <p key={key}>
          <InlineNodes nodes={block.content} />
        </p>
      );
    case 'code':
      // Focusable so keyboard users can scroll wide code sideways.
      return (
        <pre key={key} tabIndex={0}>
          <code className={block.lang ? `language-${block.lang}` : undefined}>{block.text}</code>
        </pre>
      );
    case 'list': {
      const items = block.items.map((item, index) => (
        <li key={index}>
          <InlineNodes nodes={item} />
        </li>
      ));
      return block.ordered ? (
        <ol key={key} start={block.start === 1 ? undefined : block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'table':
      return (
        <div key={key} className="table-scroll" tabIndex={0}>
          <table>
            <thead>
              <tr>
                {block.header.map((cell, c) => (
                  <th key={c} scope="col" className={alignClass(block.align[c])}>
                    <InlineNodes nodes={cell} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c} className={alignClass(block.align[c])}>
                      <InlineNodes nodes={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'quote':
      return <blockquote key={key}>{block.blocks.map(renderBlock)}</blockquote>;
    case 'rule':
      return <hr key={key} />;
  }
}

// Classes rather than style attributes, so alignment needs nothing from style-src.
function alignClass(align: Align | undefined): string | undefined {
  return align ? `align-${align}` : undefined;
}
