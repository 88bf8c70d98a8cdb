'use client';

import { useEffect, useState } from 'react';
import { useTraderMessages } from './messages-context';

/** Copies `value`; the visible text is "Copy", the accessible name "Copy <name>". */
export function CopyButton({ value, name }: { value: string; name: string }) {
  const { t } = useTraderMessages();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timeout = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timeout);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      <button type="button" className="trader-button is-small" onClick={() => void copy()}>
        {state === 'copied' ? t.common.copied : t.common.copy}
        <span className="visually-hidden"> {name}</span>
      </button>
      <span role="status" className="trader-copy-status">
        {state === 'copied' ? t.common.copiedName(name) : state === 'failed' ? t.common.copyFailed : ''}
      </span>
    </>
  );
}
