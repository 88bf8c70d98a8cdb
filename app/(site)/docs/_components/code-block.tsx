import type { ReactNode } from 'react';
import { CopyCodeButton } from './copy-code-button';

/** A highlighted code block with a copy button; `text` is the code as written, without the highlighting. */
export function CodeBlock({ className, text, children }: { className: string | undefined; text: string; children: ReactNode }) {
  const language = /(?:^|\s)language-([\w+#.-]+)/.exec(className ?? '')?.[1];
  return (
    <div className="docs-code">
      <div className="docs-code-bar">
        <span className="docs-code-language">{language ?? ''}</span>
        <CopyCodeButton text={text} />
      </div>
      {/* Focusable so keyboard users can scroll wide code sideways. */}
      <pre tabIndex={0}>
        <code className={className}>{children}</code>
      </pre>
    </div>
  );
}
