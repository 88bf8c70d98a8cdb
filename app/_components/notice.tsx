import type { ReactNode } from 'react';

/** A highlighted aside; role="note" so screen readers announce it as supplementary. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <aside className="notice" role="note">
      {children}
    </aside>
  );
}
