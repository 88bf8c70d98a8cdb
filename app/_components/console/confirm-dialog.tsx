'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { usePageLang } from '../../_components/page-lang';

/**
 * The confirmation every destructive console action goes through: a modal that names the object
 * and says what will happen, with the action's own verb on the confirm button. Escape or "Back"
 * closes it and does nothing (docs/operator-guide.md, "Safe admin actions").
 */
export function ConfirmDialog({
  open,
  title,
  consequence,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  consequence: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const lang = usePageLang();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby={titleId} aria-describedby={bodyId} onCancel={onCancel} onClose={() => open && onCancel()}>
      <h2 id={titleId}>{title}</h2>
      <p id={bodyId}>{consequence}</p>
      <div className="button-row">
        <button type="button" className="button is-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button" autoFocus onClick={onCancel}>
          {lang === 'zh' ? '返回' : 'Back'}
        </button>
      </div>
    </dialog>
  );
}

/**
 * A button whose action runs only after its confirmation. `ready`, when given, runs on the click
 * first: false keeps the dialog shut (the form shows what is missing), so a confirmed, irreversible
 * action is never refused for a field left empty.
 */
export function ConfirmButton({
  children,
  className = 'button is-danger',
  disabled,
  ariaLabel,
  title,
  consequence,
  confirmLabel,
  onConfirm,
  ready,
}: {
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  ariaLabel?: string;
  title: string;
  consequence: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  ready?: () => boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} disabled={disabled} aria-label={ariaLabel} aria-haspopup="dialog" onClick={() => setOpen(ready ? ready() : true)}>
        {children}
      </button>
      <ConfirmDialog
        open={open}
        title={title}
        consequence={consequence}
        confirmLabel={confirmLabel}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
      />
    </>
  );
}
