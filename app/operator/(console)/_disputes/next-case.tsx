'use client';

import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { useOperatorLang } from '../../_components/messages-context';
import { disputesMessages } from './disputes-messages';

/**
 * "Next case": claims the unclaimed case due soonest and opens it, so a ruled case leads straight
 * to the next one. The "n" key does the same outside text fields.
 */
export function NextCase({ primary = false }: { primary?: boolean }) {
  const trpc = useTRPC();
  const [empty, setEmpty] = useState(false);
  const t = disputesMessages[useOperatorLang()];
  const next = useMutation(
    trpc.operator.disputes.claimNext.mutationOptions({
      onSuccess: (found) => {
        // A plain navigation: this button also renders where no app router is mounted (the case page's tests).
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- see above
        if (found) window.location.assign(`/operator/disputes/${found.flow}/${found.orderId}`);
        else setEmpty(true);
      },
    }),
  );
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.key !== 'n' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      event.preventDefault();
      next.mutate({});
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next]);
  return (
    <>
      <button type="button" className={primary ? 'button is-primary' : 'button'} disabled={next.isPending} onClick={() => next.mutate({})}>
        {t.nextCase} <kbd>n</kbd>
      </button>
      {empty ? <span role="status">{t.noneInQueue}</span> : null}
      <ErrorLine error={next.error} />
    </>
  );
}
