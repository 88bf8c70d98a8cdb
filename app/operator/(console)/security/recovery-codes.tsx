'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmButton } from '../../../_components/console/confirm-dialog';
import { ErrorLine } from '../../../_components/console/error-line';
import { useOperatorLang } from '../../_components/messages-context';
import { securityMessages } from './security-messages';

/** How many codes are left, and a new set shown once (the server keeps only their hashes). */
export function RecoveryCodes() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const t = securityMessages[useOperatorLang()];
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
        {t.heading}
      </h2>
      {status.isError ? <ErrorLine error={status.error} /> : null}
      {remaining === undefined ? null : (
        <p role="status">{remaining === 0 ? t.noneLeft : t.left(remaining)}</p>
      )}
      {regenerate.data ? (
        <>
          <p>
            <strong>{t.newCodes}</strong> {t.newCodesHint}
          </p>
          <ol className="secret-box recovery-list" aria-label={t.heading} data-testid="recovery-codes">
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
          title={remaining ? t.replaceTitle : t.makeTitle}
          consequence={
            remaining ? t.replaceConsequence(remaining) : t.makeConsequence
          }
          confirmLabel={remaining ? t.replaceConfirm : t.makeConfirm}
          onConfirm={() => regenerate.mutate({})}
        >
          {remaining ? t.replace : t.make}
        </ConfirmButton>
      </div>
      <ErrorLine error={regenerate.error} />
    </section>
  );
}
