'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { useMerchantMessages } from '../../_components/messages-context';
import { ordersMessages } from '../../_components/orders-messages';

/**
 * A statement and up to the remaining images for the operator, on a payout being decided or
 * disputed. A statement alone goes through the orders procedure; with images, through the
 * console's upload route (POST /merchant/evidence/:reference), which reads multipart like the API.
 */
export function StatementForm({ orderNo, imagesRemaining }: { orderNo: string; imagesRemaining: number }) {
  const trpc = useTRPC();
  const router = useRouter();
  const { lang } = useMerchantMessages();
  const t = ordersMessages[lang].order;
  const files = useRef<HTMLInputElement>(null);
  const [statement, setStatement] = useState('');
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const [added, setAdded] = useState(false);
  const add = useMutation(trpc.merchantOrders.addPayoutStatement.mutationOptions());
  const done = () => {
    setStatement('');
    if (files.current) files.current.value = '';
    setAdded(true);
    router.refresh();
  };
  return (
    <form
      className="console-form"
      aria-label={t.evidence}
      onSubmit={async (event) => {
        event.preventDefault();
        setAdded(false);
        setUploadError(null);
        const images = [...(files.current?.files ?? [])];
        if (images.length === 0) {
          add.mutate({ reference: orderNo, statement }, { onSuccess: done });
          return;
        }
        const body = new FormData();
        if (statement.trim() !== '') body.set('statement', statement);
        for (const image of images) body.append('images', image);
        setUploading(true);
        try {
          const response = await fetch(`/merchant/evidence/${encodeURIComponent(orderNo)}`, { method: 'POST', body });
          if (response.ok) done();
          else {
            const refused = (await response.json()) as { error: { code: string; message: string } };
            setUploadError({ message: refused.error.message, data: { code: refused.error.code } });
          }
        } finally {
          setUploading(false);
        }
      }}
    >
      <label>
        {t.statement}
        <textarea value={statement} maxLength={2000} onChange={(event) => setStatement(event.target.value)} />
      </label>
      {imagesRemaining > 0 ? (
        <label>
          {t.evidenceImages(imagesRemaining)}
          <input ref={files} type="file" name="images" accept="image/jpeg,image/png,image/webp" multiple />
        </label>
      ) : null}
      <button type="submit" className="button" disabled={add.isPending || uploading}>
        {t.addStatement}
      </button>
      {added ? <p role="status">{t.added}</p> : null}
      <ErrorLine error={add.error ?? uploadError} />
    </form>
  );
}
