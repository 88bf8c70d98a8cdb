'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '../../../../../common/password-rules';
import { useTRPC } from '../../../../_trpc/client';
import { ErrorLine } from '../../../../_components/console/error-line';
import { formatTime } from '../../../../_components/console/format';
import { useMerchantMessages } from '../../../../merchant/_components/messages-context';

/** Shows whom the link invites, then takes a name and a password (the rules of every dashboard user). */
export function AcceptInvitation({ token }: { token: string }) {
  const trpc = useTRPC();
  const { t: messages } = useMerchantMessages();
  const t = messages.invitation;
  const invitation = useQuery(trpc.merchantInvitation.describe.queryOptions({ token }, { retry: false }));
  const accept = useMutation(trpc.merchantInvitation.accept.mutationOptions());
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);

  if (accept.data) {
    return (
      <div role="status" className="console-ok">
        <p>{t.joined(accept.data.email)}</p>
        <p>{t.totpNext}</p>
        <p>
          <Link href="/sign-in?next=%2Fmerchant" className="button is-primary">
            {t.signIn}
          </Link>
        </p>
      </div>
    );
  }
  if (invitation.isPending) return <p aria-busy="true">{t.loading}</p>;
  if (invitation.isError) {
    return (
      <>
        <h2>{t.invalidTitle}</h2>
        <ErrorLine error={invitation.error} />
      </>
    );
  }
  const { merchantName, email, role, expiresAt } = invitation.data;
  return (
    <>
      <p className="lead">{t.lead(merchantName, messages.roles[role])}</p>
      <dl className="facts">
        <dt>{t.email}</dt>
        <dd>{email}</dd>
        <dt>{t.expires}</dt>
        <dd>{formatTime(expiresAt)}</dd>
      </dl>
      <form
        className="console-form"
        aria-label={t.join}
        onSubmit={(event) => {
          event.preventDefault();
          setMismatch(password !== repeat);
          if (password === repeat) accept.mutate({ token, displayName: name.trim(), password });
        }}
      >
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        <label>
          {t.name}
          <input required maxLength={100} autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label>
          {t.password}
          <input type="password" required minLength={MIN_PASSWORD_LENGTH} maxLength={256} autoComplete="new-password" aria-describedby="password-hint" value={password} onChange={(event) => setPassword(event.target.value)} />
        </label>
        <p id="password-hint">{t.passwordHint(MIN_PASSWORD_LENGTH)}</p>
        <label>
          {t.repeat}
          <input type="password" required minLength={MIN_PASSWORD_LENGTH} maxLength={256} autoComplete="new-password" value={repeat} onChange={(event) => setRepeat(event.target.value)} />
        </label>
        <button type="submit" className="button is-primary" disabled={accept.isPending}>
          {accept.isPending ? t.joining : t.join}
        </button>
      </form>
      {mismatch ? (
        <p role="alert" className="console-error">
          {t.mismatch}
        </p>
      ) : null}
      <ErrorLine error={accept.error} />
    </>
  );
}
