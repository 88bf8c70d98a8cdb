import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { createTrpcContext } from '../../../_trpc/init';
import { appRouter } from '../../../_trpc/root';

export const dynamic = 'force-dynamic';

function handler(request: Request) {
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req: request,
    router: appRouter,
    createContext: () => createTrpcContext(request),
    responseMeta: () => ({ headers: new Headers({ 'cache-control': 'no-store' }) }),
  });
}

export { handler as GET, handler as POST };
