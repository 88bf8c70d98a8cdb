'use client';

import Link from 'next/link';
import { useRef, useState } from 'react';
import { useOperatorLang } from '../../_components/messages-context';
import { disputesMessages } from './disputes-messages';

export interface Proof {
  id: string;
  position: number;
  contentType: string;
  byteSize: number;
  width: number | null;
  height: number | null;
  sha256: string;
  uploadedAt: string;
  duplicates: { flow: 'payout' | 'payin'; orderId: string; orderNo: string }[];
}

/**
 * Thumbnails of the transfer proofs (or of a party's evidence images, served from `imagePath`); a
 * click opens the image large. Duplicates are flagged.
 */
export function ProofGallery({
  proofs,
  imagePath = '/operator/proofs/',
  label: givenLabel,
  listLabel: givenListLabel,
}: {
  proofs: Proof[];
  imagePath?: string;
  /** One image's name, numbered: "Proof image 2". */
  label?: string;
  listLabel?: string;
}) {
  const t = disputesMessages[useOperatorLang()].gallery;
  const label = givenLabel ?? t.proofImage;
  const listLabel = givenListLabel ?? t.proofImages;
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState<Proof | null>(null);
  if (proofs.length === 0) return <p className="console-empty">{t.none}</p>;
  return (
    <>
      <ul className="proofs" aria-label={listLabel}>
        {proofs.map((proof) => (
          <li key={proof.id}>
            <button
              type="button"
              className="proof-thumb"
              onClick={() => {
                setOpen(proof);
                dialog.current?.showModal();
              }}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- served by our own no-store route, not optimisable */}
              <img src={`${imagePath}${proof.id}`} alt={t.enlarge(label, proof.position)} />
            </button>
            <div>
              {t.image(proof.position)} · {proof.width ?? '?'}×{proof.height ?? '?'} · {Math.ceil(proof.byteSize / 1024)} KiB
            </div>
            <div className="mono" title={t.sha}>
              sha256 {proof.sha256}
            </div>
            {proof.duplicates.length > 0 ? (
              <p role="note" className="proof-duplicate">
                {t.duplicate}{' '}
                {proof.duplicates.map((other, index) => (
                  <span key={other.orderId}>
                    {index > 0 ? ', ' : ''}
                    <Link href={`/operator/disputes/${other.flow}/${other.orderId}`}>{other.orderNo}</Link>
                  </span>
                ))}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <dialog ref={dialog} className="proof-dialog" aria-label={open ? `${label} ${open.position}` : label} onClose={() => setOpen(null)}>
        {open ? (
          <>
            {/* eslint-disable-next-line @next/next/no-img-element -- see above */}
            <img src={`${imagePath}${open.id}`} alt={t.fullSize(label, open.position)} />
            <p className="mono">sha256 {open.sha256}</p>
          </>
        ) : null}
        <form method="dialog">
          <button type="submit" className="button">
            {t.close}
          </button>
        </form>
      </dialog>
    </>
  );
}
