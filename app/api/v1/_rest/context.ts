import type { Db } from '../../../../db/client';
import type { ApiPrincipal } from '../../../../server/auth/authenticate-api-request';
import { DomainError } from '../../../../server/errors';

export interface RestContext {
  request: Request;
  requestId: string;
  url: URL;
  /** Path segments' values, e.g. { orderNo } for /withdrawals/:orderNo. */
  params: Record<string, string>;
  /** The raw body, exactly as sent (the signature covers these bytes). */
  body: Uint8Array;
  db: Db;
  now: Date;
  principal: ApiPrincipal;
}

export interface RestResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type RestHandler = (context: RestContext) => Promise<RestResult>;

/** The merchant behind a request; a trader key on a merchant endpoint is refused. */
export function merchantOf(context: RestContext) {
  if (context.principal.kind !== 'merchant') throw new DomainError('INVALID_API_KEY', 'This endpoint needs a merchant API key.');
  return context.principal.merchant;
}

/** The trader behind a request; a merchant key on a trader endpoint is refused. */
export function traderOf(context: RestContext): string {
  if (context.principal.kind !== 'trader') throw new DomainError('INVALID_API_KEY', 'This endpoint needs a trader API key.');
  return context.principal.traderId;
}
