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
      <p className="secret-box mono" aria-label={label} data-testid="secret-once">
        {secret}
      </p>
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
