'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from './root';
import { MAX_TRPC_BATCH } from '../api/trpc/[trpc]/batch-limit';
import { PageQueryClient } from './page-query-client';

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/** Wraps a page that calls tRPC: one query client and one tRPC client per browser tab. */
export function TrpcProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new PageQueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } }),
  );
  const [trpcClient] = useState(() => createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/api/trpc', maxItems: MAX_TRPC_BATCH })] }));
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
