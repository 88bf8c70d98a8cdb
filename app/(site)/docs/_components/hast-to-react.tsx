import type { Element, ElementContent, Nodes, Properties } from 'hast';
import { createElement, Fragment, type ReactNode } from 'react';
import { TAB_MARKER, TAB_SET_MARKER } from '../_lib/example-tabs';
import { hastText } from '../_lib/hast-text';
import { CodeBlock } from './code-block';
import { ExampleTabs } from './example-tabs';

/**
 * A document's hast tree (app/(site)/docs/_lib/render-markdown.ts) as React elements. Text stays text and
 * attributes are set through React, so no HTML string is ever injected (no dangerouslySetInnerHTML)
 * and the page's CSP has nothing to forgive. Three things get components of their own: code blocks
 * (highlighted, with a copy button), tab sets of examples, and tables (scrollable on a phone).
 */
export function renderHast(node: Nodes, key?: number): ReactNode {
  switch (node.type) {
    case 'root':
      return <Fragment key={key}>{node.children.map(renderHast)}</Fragment>;
    case 'text':
      return node.value;
    case 'element':
      return renderElement(node, key);
    default:
      // Comments, doctypes and raw nodes: the pipeline makes none, and none would be shown.
      return null;
  }
}

function renderElement(element: Element, key: number | undefined): ReactNode {
  const { tagName, properties } = element;

  if (TAB_SET_MARKER in properties) {
    const sections = element.children.filter((child): child is Element => child.type === 'element');
    return (
      <ExampleTabs
        key={key}
        labels={sections.map((section) => String(section.properties[TAB_MARKER]))}
        panels={sections.map((section, index) => (
          <Fragment key={index}>{section.children.map(renderHast)}</Fragment>
        ))}
      />
    );
  }

  if (tagName === 'pre') {
    const code = element.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
    if (code) {
      return (
        <CodeBlock key={key} className={classNameOf(code.properties)} text={hastText(code).replace(/\n$/, '')}>
          {code.children.map(renderHast)}
        </CodeBlock>
      );
    }
  }

  if (tagName === 'table') {
    // Focusable so keyboard users can scroll a wide table sideways.
    return (
      <div key={key} className="table-scroll" tabIndex={0}>
        {createElement('table', reactProps(properties), ...tableChildren(element.children))}
      </div>
    );
  }

  const props: Record<string, unknown> = { key, ...reactProps(properties) };
  // GFM puts th only in a table's head row.
  if (tagName === 'th') props.scope = 'col';
  if (tagName === 'input') {
    // GFM task-list boxes: shown, never editable.
    return createElement('input', { ...props, readOnly: true, defaultChecked: props.checked, checked: undefined });
  }
  if (VOID_ELEMENTS.has(tagName)) return createElement(tagName, props);
  return createElement(tagName, props, ...(tagName === 'tr' || tagName === 'thead' || tagName === 'tbody' ? tableChildren(element.children) : element.children.map(renderHast)));
}

const VOID_ELEMENTS = new Set(['br', 'hr', 'img', 'input', 'wbr']);

/** Inside a table, the newlines between rows are not content; React refuses text there. */
function tableChildren(children: ElementContent[]): ReactNode[] {
  return children.filter((child) => child.type !== 'text' || child.value.trim() !== '').map(renderHast);
}

function classNameOf(properties: Properties): string | undefined {
  const value = properties.className;
  if (Array.isArray(value)) return value.join(' ') || undefined;
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * hast properties as React props. hast names them as the DOM does (className, tabIndex), except
 * aria-* and data-*, which it camel-cases; a table cell's alignment becomes a class, so it needs
 * nothing from style-src.
 */
function reactProps(properties: Properties): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  const classes: string[] = [];
  for (const [name, value] of Object.entries(properties)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'className') {
      const className = classNameOf(properties);
      if (className) classes.push(className);
    } else if (name === 'align') {
      classes.push(`align-${String(value)}`);
    } else if (/^(?:aria|data)[A-Z]/.test(name)) {
      props[name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)] = Array.isArray(value) ? value.join(' ') : value;
    } else {
      props[name] = Array.isArray(value) ? value.join(' ') : value;
    }
  }
  if (classes.length > 0) props.className = classes.join(' ');
  return props;
}
