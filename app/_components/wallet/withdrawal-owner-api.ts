'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../_trpc/client';

/** How often the history asks again: a withdrawal moves from approval to the chain in seconds. */
const REFRESH_MS = 3_000;

/**
 * The merchant's or the trader's withdrawal procedures, picked by `owner` (each scoped to the
 * session's owner on the server): both hooks are always called, the other one disabled.
 */
export function useWithdrawalApi(owner: 'merchant' | 'trader', page: { limit: number; startingAfter?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const merchant = owner === 'merchant';
  const chains = [useQuery({ ...trpc.merchantWallet.chains.queryOptions({}), enabled: merchant }), useQuery({ ...trpc.traderWallet.chains.queryOptions({}), enabled: !merchant })];
  const addresses = [
    useQuery({ ...trpc.merchantWallet.addresses.queryOptions({}), enabled: merchant, refetchInterval: 30_000 }),
    useQuery({ ...trpc.traderWallet.addresses.queryOptions({}), enabled: !merchant, refetchInterval: 30_000 }),
  ];
  const withdrawals = [
    useQuery({ ...trpc.merchantWallet.withdrawals.queryOptions(page), enabled: merchant, refetchInterval: REFRESH_MS }),
    useQuery({ ...trpc.traderWallet.withdrawals.queryOptions(page), enabled: !merchant, refetchInterval: REFRESH_MS }),
  ];
  const refreshBook = () =>
    queryClient.invalidateQueries({ queryKey: merchant ? trpc.merchantWallet.addresses.queryKey() : trpc.traderWallet.addresses.queryKey() });
  const refreshHistory = () =>
    queryClient.invalidateQueries({ queryKey: merchant ? trpc.merchantWallet.withdrawals.queryKey() : trpc.traderWallet.withdrawals.queryKey() });
  const addAddress = [
    useMutation(trpc.merchantWallet.addAddress.mutationOptions({ onSuccess: refreshBook })),
    useMutation(trpc.traderWallet.addAddress.mutationOptions({ onSuccess: refreshBook })),
  ];
  const removeAddress = [
    useMutation(trpc.merchantWallet.removeAddress.mutationOptions({ onSuccess: refreshBook })),
    useMutation(trpc.traderWallet.removeAddress.mutationOptions({ onSuccess: refreshBook })),
  ];
  const request = [
    useMutation(trpc.merchantWallet.request.mutationOptions({ onSuccess: refreshHistory })),
    useMutation(trpc.traderWallet.request.mutationOptions({ onSuccess: refreshHistory })),
  ];
  const pick = merchant ? 0 : 1;
  return {
    chains: chains[pick]!,
    addresses: addresses[pick]!,
    withdrawals: withdrawals[pick]!,
    addAddress: addAddress[pick]!,
    removeAddress: removeAddress[pick]!,
    request: request[pick]!,
  };
}
