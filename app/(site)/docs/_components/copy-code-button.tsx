'use client';

import { useEffect, useState } from 'react';

const FEEDBACK_MS = 2000;

/** Copies a code block's text. Shows "Copy"; its accessible name is "Copy code"; the result is announced. */
export function CopyCodeButton({ text }: { text: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timeout = window.setTimeout(() => setState('idle'), FEEDBACK_MS);
    return () => window.clearTimeout(timeout);
  }, [state]);

  async function copy() {
    try {
      // Missing over plain http on another host than localhost: the code stays selectable by hand.
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      <button type="button" className="docs-copy" onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : 'Copy'}
        <span className="visually-hidden"> code</span>
      </button>
      <span role="status" className="docs-copy-status">
        {state === 'copied' ? <span className="visually-hidden">Code copied</span> : state === 'failed' ? 'Copy failed: select the code instead' : ''}
      </span>
    </>
  );
}
