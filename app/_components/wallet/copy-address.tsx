'use client';

import { useEffect, useState } from 'react';
import type { Lang } from '../../pay/[token]/language';
import { walletMessages } from './wallet-messages';

/** Copies the address; the visible text is "Copy", the accessible name "Copy the address". */
export function CopyAddress({ address, lang, buttonClass }: { address: string; lang: Lang; buttonClass: string }) {
  const t = walletMessages[lang];
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timeout = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timeout);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      <button type="button" className={buttonClass} onClick={() => void copy()}>
        {state === 'copied' ? t.copied : t.copy}
        <span className="visually-hidden"> {t.copyName}</span>
      </button>
      <span role="status" className="wallet-copy-status">
        {state === 'copied' ? t.copiedName : state === 'failed' ? t.copyFailed : ''}
      </span>
    </>
  );
}
