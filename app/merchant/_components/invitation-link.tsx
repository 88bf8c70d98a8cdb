'use client';

import { useState } from 'react';
import { useMerchantMessages } from './messages-context';

/** A one-time invitation link as its inviter sees it, once: the link, a copy button, and that no email is sent. */
export function InvitationLink({ heading, text, link }: { heading: string; text: string; link: string }) {
  const t = useMerchantMessages().t.team;
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="console-ok">
      <p>
        <strong>{heading}</strong>
      </p>
      <p>{text}</p>
      <p className="secret-box mono" aria-label="Invitation link" data-testid="invitation-link">
        {link}
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button"
          onClick={async () => {
            await navigator.clipboard?.writeText(link).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? t.copied : t.copyLink}
        </button>
      </div>
    </div>
  );
}
