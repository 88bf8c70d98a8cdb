'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { MutationError } from './mutation-error';
import { useMessages } from './messages-context';
import type { CheckoutError } from './types';

interface ConfirmStepProps {
  heading: string;
  children: ReactNode;
  confirmLabel: string;
  backLabel: string;
  onConfirm: () => void;
  onBack: () => void;
  pending: boolean;
  error: CheckoutError | null;
  tone?: 'primary' | 'danger';
}

/**
 * An inline second step rather than a modal: nothing to trap or dismiss by accident on a phone. The
 * question sits where the first button was, so a double tap lands on text, not on Confirm.
 */
export function ConfirmStep({ heading, children, confirmLabel, backLabel, onConfirm, onBack, pending, error, tone = 'primary' }: ConfirmStepProps) {
  const { t } = useMessages();
  const headingId = useId();
  const bodyId = useId();
  const errorId = useId();
  const groupRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Screen readers then read the question; the button that opened the step is gone.
    groupRef.current?.focus();
  }, []);

  return (
    <div ref={groupRef} className="checkout-confirm" role="group" aria-labelledby={headingId} aria-describedby={bodyId} tabIndex={-1}>
      <h2 id={headingId}>{heading}</h2>
      <div id={bodyId}>{children}</div>
      <div className="checkout-confirm-actions">
        <button
          type="button"
          className={`button button-block ${tone === 'danger' ? 'button-danger' : 'button-primary'}`}
          onClick={onConfirm}
          disabled={pending}
          aria-describedby={error ? errorId : undefined}
        >
          {pending ? t.sending : confirmLabel}
        </button>
        <button type="button" className="button button-secondary button-block" onClick={onBack} disabled={pending}>
          {backLabel}
        </button>
      </div>
      <MutationError error={error} id={errorId} />
    </div>
  );
}
