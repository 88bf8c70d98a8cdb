'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../_trpc/client';
import type { CheckoutView } from './types';

/**
 * Mutation callbacks shared by the buyer's actions: each action answers with the new view, which
 * replaces the polled one at once. A poll already in flight is cancelled first, or its older answer
 * could land after the action's and show the previous screen again for a moment.
 */
export function useViewUpdate(token: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const queryKey = trpc.checkout.view.queryKey({ token });
  return {
    onMutate: () => queryClient.cancelQueries({ queryKey }),
    onSuccess: (view: CheckoutView) => {
      queryClient.setQueryData(queryKey, view);
    },
    // A refused action usually means the order moved on (expired, already paid): show where it is.
    onError: () => queryClient.invalidateQueries({ queryKey }),
  };
}
