'use client';

import { useRef, useState } from 'react';
import { useMerchantMessages } from '../../_components/messages-context';
import { ordersMessages } from '../../_components/orders-messages';

export interface ProofItem {
  id: string;
  url: string;
  contentType: string;
  byteSize: number;
  uploadedAt: string;
}

const ZOOMS = [1, 1.5, 2, 3, 4];

/**
 * The proof images as thumbnails; one opens large in a dialog with zoom (buttons, so it works by
 * keyboard and on a phone; the frame scrolls to pan). The images come from the signed URLs the
 * merchant API's proof list gives (GET /api/v1/withdrawals/:orderNo/proofs), valid a few minutes.
 */
export function ProofViewer({ proofs }: { proofs: ProofItem[] }) {
  const { lang } = useMerchantMessages();
  const t = ordersMessages[lang].order;
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [zoom, setZoom] = useState(0);
  if (proofs.length === 0) return <p className="console-empty">{t.noProofs}</p>;
  const shown = open === null ? null : proofs[open];
  return (
    <>
      <ul className="proof-thumbs" aria-label={t.proofs}>
        {proofs.map((proof, index) => (
          <li key={proof.id}>
            <button
              type="button"
              className="proof-thumb"
              aria-label={t.openProof(index + 1)}
              onClick={() => {
                setOpen(index);
                setZoom(0);
                dialog.current?.showModal();
              }}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- a short-lived signed URL, not optimisable */}
              <img src={proof.url} alt={t.proofImage(index + 1)} />
            </button>
          </li>
        ))}
      </ul>
      <dialog ref={dialog} className="proof-viewer" aria-label={shown ? t.proofImage((open ?? 0) + 1) : t.proofs} onClose={() => setOpen(null)}>
        {shown ? (
          <>
            <div className="button-row" role="group" aria-label={t.proofImage((open ?? 0) + 1)}>
              <button type="button" className="button" disabled={zoom === 0} onClick={() => setZoom((z) => Math.max(0, z - 1))}>
                {t.zoomOut}
              </button>
              <span aria-live="polite">{Math.round((ZOOMS[zoom] ?? 1) * 100)}%</span>
              <button type="button" className="button" disabled={zoom === ZOOMS.length - 1} onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}>
                {t.zoomIn}
              </button>
              <button type="button" className="button" onClick={() => setZoom(0)}>
                {t.zoomReset}
              </button>
              <button type="button" className="button" onClick={() => dialog.current?.close()} autoFocus>
                {t.close}
              </button>
            </div>
            <div className="proof-viewer-frame" role="region" tabIndex={0} aria-label={t.proofImage((open ?? 0) + 1)}>
              {/* eslint-disable-next-line @next/next/no-img-element -- see above */}
              <img src={shown.url} alt={t.proofImage((open ?? 0) + 1)} style={{ width: `${(ZOOMS[zoom] ?? 1) * 100}%`, maxWidth: 'none' }} data-testid="proof-large" />
            </div>
          </>
        ) : null}
      </dialog>
    </>
  );
}
