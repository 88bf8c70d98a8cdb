import type { ReactNode } from 'react';
import './docs.css';

/** The docs' own styles (sidebar, tabs, code blocks, highlighting); the pages bring their content. */
export default function DocsLayout({ children }: { children: ReactNode }) {
  return children;
}
