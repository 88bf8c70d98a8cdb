import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { createTrpcContext } from '../../../_trpc/init';
import { appRouter } from '../../../_trpc/root';
import { log } from '../../../../server/logging/log';
import { MAX_TRPC_BATCH, proceduresNamed } from './batch-limit';

export const dynamic = 'force-dynamic';

const endpoint = '/api/trpc';

function handler(request: Request) {
  const named = proceduresNamed(new URL(request.url).pathname, endpoint);
  if (named > MAX_TRPC_BATCH) return batchTooLarge(named);
  return fetchRequestHandler({
    endpoint,
    req: request,
    router: appRouter,
    createContext: () => createTrpcContext(request),
    responseMeta: () => ({ headers: new Headers({ 'cache-control': 'no-store' }) }),
    // Refusals are answers; only what the domain did not expect is an error worth a log line. The
    // error goes in whole: the log's serializer drops a failed statement's parameters.
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') log('error', 'unhandled error', { transport: 'trpc', procedure: path ?? 'unknown', error: error.cause ?? error });
    },
  });
}

/** Refused before any procedure runs, in tRPC's error shape so its client shows the message. */
function batchTooLarge(named: number): Response {
  const message = `A batch may name at most ${MAX_TRPC_BATCH} procedures; this one names ${named}.`;
  return Response.json(
    { error: { message, code: -32600, data: { code: 'BATCH_TOO_LARGE', httpStatus: 400, details: [], meta: {} } } },
    { status: 400, headers: { 'cache-control': 'no-store' } },
  );
}

export { handler as GET, handler as POST };
