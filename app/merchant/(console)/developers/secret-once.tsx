'use client';

import { useState } from 'react';

/** A secret as its creator sees it, once: the value, a copy button, and that it will not be shown again. */
export function SecretOnce({ heading, text, label, secret, copy, copied }: { heading: string; text: string; label: string; secret: string; copy: string; copied: string }) {
  const [done, setDone] = useState(false);
  return (
    <div role="status" className="console-ok">
      <p>
        <strong>{heading}</strong>
      </p>
      <p>{text}</p>
      {/* A read-only field: labelled, and easy to select whole where the clipboard is not allowed. */}
      <input className="secret-box mono" style={{ width: '100%' }} readOnly value={secret} aria-label={label} data-testid="secret-once" onFocus={(event) => event.target.select()} />
      <div className="button-row">
        <button
          type="button"
          className="button"
          onClick={async () => {
            await navigator.clipboard?.writeText(secret).catch(() => undefined);
            setDone(true);
          }}
        >
          {done ? copied : copy}
        </button>
      </div>
    </div>
  );
}
