'use client';

import { useMutation } from '@tanstack/react-query';
import { SessionProvider, useSession } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';

function Enrolment() {
  const trpc = useTRPC();
  const router = useRouter();
  const { update } = useSession();
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
  if (!start.data) return <p aria-busy="true">Making your key…</p>;

  return (
    <div className="console-form">
      <h2 style={{ marginTop: 0 }}>1. Add the key to your app</h2>
      <p>Scan this code with your authenticator app:</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made on the server; nothing for the image optimiser to do */}
      <img src={start.data.qrCode} alt="QR code of the setup link for your authenticator app" width={200} height={200} className="totp-qr" data-testid="totp-qr" />
      <p>Or choose “enter a setup key” and type or paste this key (time-based, 6 digits, 30 seconds):</p>
      <p className="secret-box" aria-label="Setup key" data-testid="totp-secret">
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
          {copied ? 'Copied' : 'Copy key'}
        </button>
      </div>
      <details>
        <summary>Setup link (otpauth)</summary>
        <p className="mono" aria-label="Setup link">
          {start.data.otpauthUrl}
        </p>
      </details>
      <h2>2. Enter the code</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          confirm.mutate({ code });
        }}
        className="console-bar"
      >
        <label>
          6-digit code
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
          {confirm.isPending || confirm.isSuccess ? 'Confirming…' : 'Confirm and open the console'}
        </button>
      </form>
      <ErrorLine error={confirm.error} />
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
