import { handleRestRequest } from '../_rest/handler';

// The same adapter `npm start` mounts directly on the Node server; this mount serves `next dev`.
export const dynamic = 'force-dynamic';

const handle = (request: Request) => handleRestRequest(request);

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const HEAD = handle;
export const OPTIONS = handle;
