'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { merchantMessages } from '../../_components/messages';
import { useMerchantMessages } from '../../_components/messages-context';
import { InvitationLink } from '../../_components/invitation-link';

type Role = keyof typeof merchantMessages.en.roles;

/** An owner invites by email and role; the link comes back once and is shown here, never again. */
export function InviteForm({ onInvited }: { onInvited: () => void }) {
  const trpc = useTRPC();
  const { t: messages } = useMerchantMessages();
  const t = messages.team;
  const roleNames = messages.roles;
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('support');
  const invite = useMutation(trpc.merchantTeam.invite.mutationOptions({ onSuccess: onInvited }));
  return (
    <section aria-labelledby="invite-heading">
      <h2 id="invite-heading">{t.invite}</h2>
      <form
        className="console-bar"
        aria-label={t.invite}
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate({ email: email.trim(), role }, { onSuccess: () => setEmail('') });
        }}
      >
        <label>
          {t.inviteEmail}
          <input type="email" required maxLength={254} value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label>
          {t.inviteRole}
          <select value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {(Object.keys(roleNames) as Role[]).map((value) => (
              <option key={value} value={value}>
                {roleNames[value]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button is-primary" disabled={invite.isPending}>
          {t.inviteButton}
        </button>
      </form>
      <ErrorLine error={invite.error} />
      {invite.data ? (
        <InvitationLink
          heading={t.inviteLinkHeading(invite.data.email)}
          text={`${t.noEmailSent(invite.data.email)} ${formatTime(invite.data.expiresAt)}.`}
          link={invite.data.link}
        />
      ) : null}
    </section>
  );
}
