'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { merchantMessages } from '../../_components/messages';
import { useMerchantMessages } from '../../_components/messages-context';
import { InviteForm } from './invite-form';

type Role = keyof typeof merchantMessages.en.roles;
const roles = Object.keys(merchantMessages.en.roles) as Role[];

/** Who asked for a confirmation, and of what: the step between a click and a removal or revocation. */
type Pending = { kind: 'remove'; userId: string; name: string; email: string } | { kind: 'revoke'; invitationId: string; email: string } | null;

export function TeamConsole({ canManage, selfId }: { canManage: boolean; selfId: string }) {
  const trpc = useTRPC();
  const { t: messages } = useMerchantMessages();
  const t = messages.team;
  const roleNames = messages.roles;
  const queryClient = useQueryClient();
  const list = useQuery(trpc.merchantTeam.list.queryOptions({}));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.merchantTeam.list.queryKey() });
  const [confirming, setConfirming] = useState<Pending>(null);
  const [roleDraft, setRoleDraft] = useState<Record<string, Role>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const done = (text: string) => {
    setConfirming(null);
    setNotice(text);
    return refresh();
  };
  const remove = useMutation(trpc.merchantTeam.remove.mutationOptions());
  const revoke = useMutation(trpc.merchantTeam.revokeInvitation.mutationOptions());
  const changeRole = useMutation(trpc.merchantTeam.changeRole.mutationOptions());

  if (list.isPending) return <p aria-busy="true">{t.loading}</p>;
  if (list.isError) return <ErrorLine error={list.error} />;
  const { users, invitations } = list.data;

  return (
    <>
      <h2>{t.members}</h2>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t.members}>
        <table aria-label={t.members}>
          <thead>
            <tr>
              <th scope="col">{t.name}</th>
              <th scope="col">{t.email}</th>
              <th scope="col">{t.role}</th>
              <th scope="col">{t.secondFactor}</th>
              <th scope="col">{t.status}</th>
              {canManage ? <th scope="col">{t.actions}</th> : null}
            </tr>
          </thead>
          <tbody>
            {users.map((member) => (
              <tr key={member.userId}>
                <td>
                  {member.name} {member.userId === selfId ? t.you : null}
                </td>
                <td className="mono">{member.email}</td>
                <td>{roleNames[member.role]}</td>
                <td>{member.totpEnabled ? t.totpOn : t.totpOff}</td>
                <td>
                  <span className={member.status === 'active' ? 'tag' : 'tag is-warning'}>{member.status === 'active' ? t.active : t.removed}</span>
                </td>
                {canManage ? (
                  <td>
                    {member.status === 'active' ? (
                      <div className="button-row">
                        <select
                          aria-label={t.roleOf(member.name)}
                          value={roleDraft[member.userId] ?? member.role}
                          onChange={(event) => setRoleDraft({ ...roleDraft, [member.userId]: event.target.value as Role })}
                        >
                          {roles.map((role) => (
                            <option key={role} value={role}>
                              {roleNames[role]}
                            </option>
                          ))}
                        </select>
                        <button
                          type="button"
                          className="button"
                          disabled={changeRole.isPending || (roleDraft[member.userId] ?? member.role) === member.role}
                          onClick={() => {
                            const role = roleDraft[member.userId] ?? member.role;
                            changeRole.mutate({ userId: member.userId, role }, { onSuccess: () => done(t.roleChanged(member.name, roleNames[role])) });
                          }}
                        >
                          {t.changeRole}
                        </button>
                        <button
                          type="button"
                          className="button is-danger"
                          aria-label={t.removeOf(member.name)}
                          onClick={() => setConfirming({ kind: 'remove', userId: member.userId, name: member.name, email: member.email })}
                        >
                          {t.remove}
                        </button>
                      </div>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ErrorLine error={changeRole.error} />

      {confirming ? (
        <div role="alertdialog" aria-labelledby="confirm-text" className="console-form">
          <p id="confirm-text">{confirming.kind === 'remove' ? t.confirmRemove(confirming.name, confirming.email) : t.confirmRevoke(confirming.email)}</p>
          <div className="button-row">
            <button
              type="button"
              className="button is-danger"
              disabled={remove.isPending || revoke.isPending}
              onClick={() => {
                if (confirming.kind === 'remove') remove.mutate({ userId: confirming.userId }, { onSuccess: () => done(t.removedDone(confirming.name)) });
                else revoke.mutate({ invitationId: confirming.invitationId }, { onSuccess: () => done(t.revokedDone(confirming.email)) });
              }}
            >
              {confirming.kind === 'remove' ? t.confirmRemoveButton(confirming.name) : t.confirmRevokeButton(confirming.email)}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(null)}>
              {t.cancel}
            </button>
          </div>
          <ErrorLine error={remove.error ?? revoke.error} />
        </div>
      ) : null}
      {notice ? (
        <p role="status" className="console-ok">
          {notice}
        </p>
      ) : null}

      <h2>{t.pending}</h2>
      {invitations.length === 0 ? (
        <p className="console-empty">{t.noPending}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t.pending}>
          <table aria-label={t.pending}>
            <thead>
              <tr>
                <th scope="col">{t.email}</th>
                <th scope="col">{t.role}</th>
                <th scope="col">{t.invitedBy}</th>
                <th scope="col">{t.expires}</th>
                {canManage ? <th scope="col">{t.actions}</th> : null}
              </tr>
            </thead>
            <tbody>
              {invitations.map((invitation) => (
                <tr key={invitation.invitationId}>
                  <td className="mono">{invitation.email}</td>
                  <td>{roleNames[invitation.role]}</td>
                  <td>{invitation.invitedBy ?? t.operator}</td>
                  <td>{formatTime(invitation.expiresAt)}</td>
                  {canManage ? (
                    <td>
                      <button
                        type="button"
                        className="button is-danger"
                        aria-label={t.revokeOf(invitation.email)}
                        onClick={() => setConfirming({ kind: 'revoke', invitationId: invitation.invitationId, email: invitation.email })}
                      >
                        {t.revoke}
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {canManage ? <InviteForm onInvited={refresh} /> : null}
    </>
  );
}
