import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { components } from './openapi-types';

/**
 * A small client for the Corridor merchant API: it signs every request as docs/api.md, "Signing a request",
 * says (timestamp, nonce, method, path and query, SHA-256 of the body) and returns the status,
 * headers and parsed body. No framework; Node's fetch and crypto only.
 */
export interface CorridorClientOptions {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** Replaceable for tests (e.g. to call the handler in-process). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  now?: () => number;
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

// The shapes come from the OpenAPI document of /api/v1 (openapi-types.ts, generated from it), so the
// client and the API cannot disagree.
type Schemas = components['schemas'];

export type ApiErrorBody = Schemas['Error'];
export type CreatePayoutRequest = Schemas['CreatePayoutRequest'];
export type PayoutDecisionRequest = Schemas['PayoutDecisionRequest'];
export type PayoutCreated = Schemas['PayoutCreated'];
export type Payout = Schemas['Payout'];
export type PayoutList = Schemas['PayoutList'];
export type PayoutDecision = Schemas['PayoutDecision'];
export type CreatePayinRequest = Schemas['CreatePayinRequest'];
export type PayinCreated = Schemas['PayinCreated'];
export type Payin = Schemas['Payin'];
export type PayinList = Schemas['PayinList'];
export type TraderTaskList = Schemas['TraderTaskList'];
export type TraderPayinList = Schemas['TraderPayinList'];
export type BankNotificationRequest = Schemas['BankNotificationRequest'];
export type BankNotification = Schemas['BankNotification'];
export type ListenerHeartbeat = Schemas['ListenerHeartbeat'];
export type WebhookDeliveryList = Schemas['WebhookDeliveryList'];
export type WebhookDeliveryQueued = Schemas['WebhookDeliveryQueued'];
export type Balance = Schemas['Balance'];
export type Event = Schemas['Event'];
export type EventList = Schemas['EventList'];

export interface RequestOptions {
  /** JSON body. */
  body?: unknown;
  /** Or raw bytes with their content type (e.g. multipart uploads). */
  raw?: { bytes: Uint8Array; contentType: string };
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
}

export function signatureFor(
  secret: string,
  parts: { timestamp: string; nonce: string; method: string; pathAndQuery: string; body: string | Uint8Array },
): string {
  const bodyHash = createHash('sha256').update(parts.body).digest('hex');
  const message = [parts.timestamp, parts.nonce, parts.method.toUpperCase(), parts.pathAndQuery, bodyHash].join('\n');
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

/** Signs and sends requests; the merchant and trader clients add their endpoints. */
export class SignedApiClient {
  constructor(private readonly options: CorridorClientOptions) {}

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T | ApiErrorBody>> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) search.set(name, String(value));
    }
    const pathAndQuery = search.size > 0 ? `${path}?${search.toString()}` : path;
    const body: string | Uint8Array = options.raw?.bytes ?? (options.body === undefined ? '' : JSON.stringify(options.body));
    const contentType = options.raw?.contentType ?? (body.length > 0 ? 'application/json' : undefined);
    const timestamp = String(this.options.now?.() ?? Date.now());
    const nonce = randomBytes(18).toString('base64url');
    const headers: Record<string, string> = {
      'x-api-key': this.options.apiKey,
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': signatureFor(this.options.apiSecret, { timestamp, nonce, method, pathAndQuery, body }),
      ...(contentType ? { 'content-type': contentType } : {}),
      ...options.headers,
    };
    const send = this.options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
    const response = await send(`${this.options.baseUrl.replace(/\/$/, '')}${pathAndQuery}`, {
      method,
      headers,
      body: body.length > 0 ? (body as BodyInit) : undefined,
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T | ApiErrorBody };
  }

}

/** The merchant API. */
export class CorridorClient extends SignedApiClient {
  createPayout(input: CreatePayoutRequest, idempotencyKey: string) {
    return this.request<PayoutCreated>('POST', '/api/v1/withdrawals', { body: input, headers: { 'idempotency-key': idempotencyKey } });
  }

  listPayouts(query: RequestOptions['query'] = {}) {
    return this.request<PayoutList>('GET', '/api/v1/withdrawals', { query });
  }

  getPayout(orderNo: string) {
    return this.request<Payout>('GET', `/api/v1/withdrawals/${encodeURIComponent(orderNo)}`);
  }

  createPayin(input: Record<string, unknown> & { merchantOrderNo: string }, idempotencyKey?: string) {
    return this.request<PayinCreated>('POST', '/api/v1/orders', { body: input, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });
  }

  listPayins(query: RequestOptions['query'] = {}) {
    return this.request<PayinList>('GET', '/api/v1/orders', { query });
  }

  getPayin(orderNo: string) {
    return this.request<Payin>('GET', `/api/v1/orders/${encodeURIComponent(orderNo)}`);
  }

  decidePayout(orderNo: string, input: PayoutDecisionRequest) {
    return this.request<PayoutDecision>('POST', `/api/v1/withdrawals/${encodeURIComponent(orderNo)}/decision`, { body: input });
  }

  getBalance() {
    return this.request<Balance>('GET', '/api/v1/balance');
  }

  listEvents(query: RequestOptions['query'] = {}) {
    return this.request<EventList>('GET', '/api/v1/events', { query });
  }

  getEvent(eventId: string) {
    return this.request<Event>('GET', `/api/v1/events/${encodeURIComponent(eventId)}`);
  }
}

/** The trader API, for bots: the same signing with a trader API key. */
export class CorridorTraderClient extends SignedApiClient {
  listTasks(query: RequestOptions['query'] = {}) {
    return this.request<TraderTaskList>('GET', '/api/v1/trader/tasks', { query });
  }

  acceptTask(orderId: string) {
    return this.request<Payout>('POST', `/api/v1/trader/tasks/${orderId}/accept`);
  }

  listPayins(query: RequestOptions['query'] = {}) {
    return this.request<TraderPayinList>('GET', '/api/v1/trader/payins', { query });
  }

  releasePayin(orderId: string) {
    return this.request<Payin>('POST', `/api/v1/trader/payins/${orderId}/release`);
  }

  reportNotReceived(orderId: string, reason: string) {
    return this.request<Payin>('POST', `/api/v1/trader/payins/${orderId}/not-received`, { body: { reason } });
  }

  /** Forwards a bank SMS or wallet notification (docs/api.md, "Bank notifications"). */
  postNotification(body: BankNotificationRequest) {
    return this.request<BankNotification>('POST', '/api/v1/trader/notifications', { body });
  }

  /** The forwarder's sign of life for one bank account. */
  heartbeat(bankAccountId: string) {
    return this.request<ListenerHeartbeat>('POST', '/api/v1/trader/notifications/heartbeat', { body: { bankAccountId } });
  }

  /** Uploads 1 to 3 proof images (JPEG, PNG or WebP) as multipart/form-data. */
  async submitProof(orderId: string, files: { name: string; type: string; bytes: Uint8Array }[]) {
    const form = new FormData();
    for (const file of files) form.append('proofs', new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
    const encoded = new Response(form);
    const raw = { bytes: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? 'multipart/form-data' };
    return this.request<Payout>('POST', `/api/v1/trader/tasks/${orderId}/proof`, { raw });
  }
}

/** Narrows a response to its error body. */
export function isApiError(body: unknown): body is ApiErrorBody {
  return typeof body === 'object' && body !== null && 'error' in body;
}
