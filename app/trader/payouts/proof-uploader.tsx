'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, useTransition, type DragEvent } from 'react';
import { MAX_PROOF_BYTES, MAX_PROOFS } from '../../../common/proof-limits';
import { useTRPC } from '../../_trpc/client';
import { errorText } from '../_components/format';
import { useTraderMessages } from '../_components/messages-context';
import { submitProofAction } from './actions';

interface Picked {
  key: string;
  file: File;
  previewUrl: string;
}

/** The type by the first bytes, as the server checks it; the name and the browser's guess do not count. */
async function looksLikeImage(file: File): Promise<boolean> {
  const bytes = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return true;
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return true;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  return bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
}

/**
 * 1 to 3 images of the transfer: dropped on the zone or chosen with the file picker, previewed,
 * removable before sending. Type, size and count are checked here for a quick answer; the server
 * checks again and its answer is the one that counts.
 */
export function ProofUploader({ orderId, orderNo }: { orderId: string; orderNo: string }) {
  const trpc = useTRPC();
  const { t } = useTraderMessages();
  const m = t.proof;
  const queryClient = useQueryClient();
  const inputId = useId();
  const errorsId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Picked[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [serverError, setServerError] = useState('');
  const [dragging, setDragging] = useState(false);
  const [sending, startSending] = useTransition();
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const owned = urls.current;
    return () => owned.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  async function add(files: File[]) {
    setServerError('');
    const found: string[] = [];
    const accepted: Picked[] = [];
    for (const file of files) {
      if (file.size > MAX_PROOF_BYTES) {
        found.push(m.tooBig(file.name));
      } else if (!(await looksLikeImage(file))) {
        found.push(m.notImage(file.name));
      } else if (picked.length + accepted.length >= MAX_PROOFS) {
        found.push(m.tooMany(file.name, MAX_PROOFS));
      } else {
        const previewUrl = URL.createObjectURL(file);
        urls.current.add(previewUrl);
        accepted.push({ key: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`, file, previewUrl });
      }
    }
    setProblems(found);
    if (accepted.length) setPicked((current) => [...current, ...accepted]);
    if (input.current) input.current.value = '';
  }

  function remove(key: string) {
    setPicked((current) => {
      const gone = current.find((item) => item.key === key);
      if (gone) {
        URL.revokeObjectURL(gone.previewUrl);
        urls.current.delete(gone.previewUrl);
      }
      return current.filter((item) => item.key !== key);
    });
    setProblems([]);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void add(Array.from(event.dataTransfer.files));
  }

  function submit() {
    setServerError('');
    if (picked.length === 0) {
      setProblems([m.atLeastOne]);
      return;
    }
    const form = new FormData();
    form.set('orderId', orderId);
    for (const item of picked) form.append('proofs', item.file, item.file.name);
    startSending(async () => {
      let result: Awaited<ReturnType<typeof submitProofAction>>;
      try {
        result = await submitProofAction(form);
      } catch {
        // The connection dropped or the server failed: nothing was confirmed, the files stay here.
        setServerError(m.notReached);
        return;
      }
      if (!result.ok) {
        setServerError(result.code === 'VALIDATION_FAILED' ? m.refused : errorText(result, t));
        return;
      }
      setPicked([]);
      await queryClient.invalidateQueries({ queryKey: trpc.trader.payouts.queryKey() });
    });
  }

  return (
    <section className="trader-proof" aria-label={m.region(orderNo)}>
      <h3>{m.title}</h3>
      <div
        className={`trader-dropzone${dragging ? ' is-dragging' : ''}`}
        data-testid={`dropzone-${orderNo}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>{m.drop}</p>
        <label htmlFor={inputId} className="trader-button">
          {m.choose}
        </label>
        <input
          ref={input}
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          aria-describedby={errorsId}
          disabled={sending || picked.length >= MAX_PROOFS}
          onChange={(event) => void add(Array.from(event.target.files ?? []))}
        />
      </div>
      <div id={errorsId} role="alert" className="trader-error">
        {problems.map((problem) => (
          <p key={problem}>{problem}</p>
        ))}
        {serverError ? <p>{serverError}</p> : null}
      </div>
      {picked.length > 0 ? (
        <ul className="trader-previews" aria-label={m.toSend}>
          {picked.map((item, index) => (
            <li key={item.key}>
              {/* A local blob preview: next/image cannot optimise it. */}
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src={item.previewUrl} alt={m.imageAlt(index + 1, item.file.name)} />
              <button type="button" className="trader-button is-small" disabled={sending} onClick={() => remove(item.key)}>
                {m.remove}
                <span className="visually-hidden"> {item.file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="trader-button is-primary" disabled={sending || picked.length === 0} onClick={submit}>
        {sending ? m.submitting : m.submit(picked.length)}
      </button>
    </section>
  );
}
