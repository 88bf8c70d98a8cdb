'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * The same example in several languages as tabs (the convention is in app/(site)/docs/_lib/example-tabs.ts),
 * following the WAI-ARIA tabs pattern: the arrow keys, Home and End move between tabs and show
 * the one they land on; Tab moves on into the panel. Before the script runs every example shows,
 * one after the other, each under its own heading.
 */
export function ExampleTabs({ labels, panels }: { labels: string[]; panels: ReactNode[] }) {
  const hydrated = useHydrated();
  const [selected, setSelected] = useState(0);
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const panelElements = useRef<(HTMLDivElement | null)[]>([]);

  // A link to a heading inside a hidden panel (`#example-python`, from the table of contents or
  // another page) opens that panel, then scrolls to the heading.
  useEffect(() => {
    function showLinkedPanel() {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const target = id ? document.getElementById(id) : null;
      const index = target ? panelElements.current.findIndex((panel) => panel?.contains(target)) : -1;
      if (index === -1) return;
      setSelected(index);
      window.requestAnimationFrame(() => target?.scrollIntoView());
    }
    showLinkedPanel();
    window.addEventListener('hashchange', showLinkedPanel);
    return () => window.removeEventListener('hashchange', showLinkedPanel);
  }, []);

  function select(index: number) {
    const next = (index + labels.length) % labels.length;
    setSelected(next);
    tabs.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const moves: Record<string, number> = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: labels.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = (index: number) => `${baseId}-panel-${index}`;

  return (
    <div className={hydrated ? 'docs-tabs is-enhanced' : 'docs-tabs'}>
      {hydrated ? (
        <div role="tablist" aria-label="Language of the examples" className="docs-tablist">
          {labels.map((label, index) => (
            <button
              key={index}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(index)}
              aria-selected={index === selected}
              aria-controls={panelId(index)}
              tabIndex={index === selected ? 0 : -1}
              onClick={() => setSelected(index)}
              onKeyDown={onKeyDown}
            >
              {label}
            </button>
          ))}
        </div>
      ) : null}
      {panels.map((panel, index) => (
        <div
          key={index}
          ref={(element) => {
            panelElements.current[index] = element;
          }}
          className="docs-tabpanel"
          {...(hydrated ? { role: 'tabpanel', id: panelId(index), 'aria-labelledby': tabId(index), tabIndex: 0, hidden: index !== selected } : {})}
        >
          {panel}
        </div>
      ))}
    </div>
  );
}
