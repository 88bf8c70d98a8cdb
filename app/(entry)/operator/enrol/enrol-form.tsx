'use client';

import { useMutation } from '@tanstack/react-query';
import { SessionProvider, useSession } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { useOperatorLang } from '../../../operator/_components/messages-context';
import { enrolMessages } from './enrol-messages';

function Enrolment() {
  const trpc = useTRPC();
  const router = useRouter();
  const { update } = useSession();
  const t = enrolMessages[useOperatorLang()];
  const started = useRef(false);
  const [code, setCode] = useState('');
  const [copied, setCopied] = useState(false);
  const start = useMutation(trpc.operator.enrolment.start.mutationOptions());
  const confirm = useMutation(
    trpc.operator.enrolment.confirm.mutationOptions({
      onSuccess: async () => {
        // The session re-reads the enrolment from the database (app/_auth/auth.ts), then the console opens.
        await update({});
        router.replace('/operator');
        router.refresh();
      },
    }),
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start.mutate({});
  }, [start]);

  if (start.isError) return <ErrorLine error={start.error} />;
  if (!start.data) return <p aria-busy="true">{t.making}</p>;

  return (
    <div className="console-form">
      <h2 style={{ marginTop: 0 }}>{t.step1}</h2>
      <p>{t.step1Scan}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made on the server; nothing for the image optimiser to do */}
      <img src={start.data.qrCode} alt={t.qrCode} width={200} height={200} className="totp-qr" data-testid="totp-qr" />
      <p>{t.step1Text}</p>
      <p className="secret-box" aria-label={t.setupKey} data-testid="totp-secret">
        {start.data.secret}
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button"
          onClick={async () => {
            await navigator.clipboard?.writeText(start.data.secret).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? t.copied : t.copyKey}
        </button>
      </div>
      <details>
        <summary>{t.setupLinkSummary}</summary>
        <p className="mono" aria-label={t.setupLink}>
          {start.data.otpauthUrl}
        </p>
      </details>
      <h2>{t.step2}</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          confirm.mutate({ code });
        }}
        className="console-bar"
      >
        <label>
          {t.code}
          <input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
        </label>
        <button type="submit" className="button is-primary" disabled={confirm.isPending || confirm.isSuccess}>
          {confirm.isPending || confirm.isSuccess ? t.confirming : t.confirm}
        </button>
      </form>
      <ErrorLine error={confirm.error} labels={{ code: t.code }} />
    </div>
  );
}

export function EnrolForm() {
  return (
    <SessionProvider>
      <Enrolment />
    </SessionProvider>
  );
}
