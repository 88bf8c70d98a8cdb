'use client';

import { useEffect, useState } from 'react';
import { useAnnounce } from './announcer';
import { useMessages } from './messages-context';

const FEEDBACK_MS = 2000;

async function writeClipboard(value: string): Promise<boolean> {
  try {
    // Missing over plain http and in some in-app browsers; the caller falls back to a selection.
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
}

/** Leaves the shown text selected, so the phone's own copy menu is one tap away. */
function selectText(elementId: string) {
  const element = document.getElementById(elementId);
  const selection = window.getSelection();
  if (!element || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * Copies `value` (the raw text a bank app accepts, without grouping or currency sign). `name` ends
 * the accessible name ("Copy account number") while only "Copy" shows.
 */
export function CopyButton({ value, name, targetId }: { value: string; name: string; targetId: string }) {
  const { t } = useMessages();
  const announce = useAnnounce();
  const [result, setResult] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (result !== 'copied') return;
    const timeout = window.setTimeout(() => setResult('idle'), FEEDBACK_MS);
    return () => window.clearTimeout(timeout);
  }, [result]);

  async function copy() {
    if (await writeClipboard(value)) {
      setResult('copied');
      announce(t.copiedAnnouncement(name));
    } else {
      selectText(targetId);
      setResult('failed');
      announce(t.copyFailed);
    }
  }

  return (
    <>
      <button type="button" className="button button-secondary checkout-copy" onClick={() => void copy()}>
        {result === 'copied' ? <span aria-hidden="true">✓ </span> : null}
        {result === 'copied' ? t.copied : t.copy}
        <span className="visually-hidden"> {name}</span>
      </button>
      {result === 'failed' ? <span className="checkout-copy-failed">{t.copyFailed}</span> : null}
    </>
  );
}
