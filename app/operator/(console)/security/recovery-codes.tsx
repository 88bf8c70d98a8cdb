'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmButton } from '../../../_components/console/confirm-dialog';
import { ErrorLine } from '../../../_components/console/error-line';

/** How many codes are left, and a new set shown once (the server keeps only their hashes). */
export function RecoveryCodes() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.operator.recoveryCodes.status.queryOptions({}));
  const regenerate = useMutation(
    trpc.operator.recoveryCodes.regenerate.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.operator.recoveryCodes.status.queryKey() }),
    }),
  );
  const remaining = status.data?.remaining;
  return (
    <section aria-labelledby="recovery-heading" className="console-form">
      <h2 id="recovery-heading" style={{ marginTop: 0 }}>
        Recovery codes
      </h2>
      {status.isError ? <ErrorLine error={status.error} /> : null}
      {remaining === undefined ? null : (
        <p role="status">{remaining === 0 ? 'You have no unused recovery codes.' : `${remaining} unused recovery ${remaining === 1 ? 'code' : 'codes'} left.`}</p>
      )}
      {regenerate.data ? (
        <>
          <p>
            <strong>Your new codes, shown only this once.</strong> Print them or keep them in a password manager; each works once. Your earlier codes no longer work.
          </p>
          <ol className="secret-box recovery-list" aria-label="Recovery codes" data-testid="recovery-codes">
            {regenerate.data.codes.map((code) => (
              <li key={code} className="mono">
                {code}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <div className="button-row">
        <ConfirmButton
          className="button is-primary"
          disabled={regenerate.isPending}
          title={remaining ? 'Replace your recovery codes?' : 'Make recovery codes?'}
          consequence={
            remaining
              ? `Your ${remaining} unused codes stop working at once, and 10 new ones are shown once.`
              : '10 one-time codes are made and shown once. Keep them somewhere safe, away from your phone.'
          }
          confirmLabel={remaining ? 'Replace codes' : 'Make codes'}
          onConfirm={() => regenerate.mutate({})}
        >
          {remaining ? 'Replace recovery codes' : 'Make recovery codes'}
        </ConfirmButton>
      </div>
      <ErrorLine error={regenerate.error} />
    </section>
  );
}
