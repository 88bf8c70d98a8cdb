'use client';

import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * The sidebar on a phone: folded behind a "Docs menu" button, so the document comes first. On a
 * wide screen the button is hidden by CSS (app/(site)/docs/docs.css) and the sidebar always shows. Before
 * the script runs it is open, so no reader is left without it. Following a link inside folds it.
 */
export function DocsMenu({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const panelId = useId();

  function closeOnLink(event: MouseEvent<HTMLDivElement>) {
    if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
  }

  return (
    <div className={`docs-menu${hydrated ? ' is-collapsible' : ''}${open ? ' is-open' : ''}`}>
      {hydrated ? (
        <button type="button" className="docs-menu-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {open ? 'Hide docs menu' : 'Docs menu'}
        </button>
      ) : null}
      {/* Catches clicks bubbling up from the links inside; the links stay the keyboard's targets. */}
      <div id={panelId} className="docs-menu-panel" onClick={closeOnLink}>
        {children}
      </div>
    </div>
  );
}
