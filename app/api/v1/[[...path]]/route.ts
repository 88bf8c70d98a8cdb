import { handleRestRequest } from '../_rest/handler';

// The same adapter `npm start` mounts directly on the Node server; this mount serves `next dev`.
export const dynamic = 'force-dynamic';

export const GET = handleRestRequest;
export const POST = handleRestRequest;
export const PUT = handleRestRequest;
export const PATCH = handleRestRequest;
export const DELETE = handleRestRequest;
export const HEAD = handleRestRequest;
export const OPTIONS = handleRestRequest;
