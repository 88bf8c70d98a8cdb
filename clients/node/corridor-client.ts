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
export type CancelOrderRequest = Schemas['CancelOrderRequest'];
export type PayoutProofList = Schemas['PayoutProofList'];
export type PayoutWithProofs = Schemas['PayoutWithProofs'];
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
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookEndpointSet = Schemas['WebhookEndpointSet'];
export type WebhookSecretRotated = Schemas['WebhookSecretRotated'];
export type SetWebhookEndpointRequest = Schemas['SetWebhookEndpointRequest'];
export type RotateWebhookSecretRequest = Schemas['RotateWebhookSecretRequest'];
export type Balance = Schemas['Balance'];
export type DepositAddress = Schemas['DepositAddress'];
export type Deposit = Schemas['Deposit'];
export type DepositList = Schemas['DepositList'];
export type Event = Schemas['Event'];
export type EventList = Schemas['EventList'];
export type DisputeEvidence = Schemas['DisputeEvidence'];
export type DisputeEvidenceList = Schemas['DisputeEvidenceList'];
export type DisputeResolution = Schemas['DisputeResolution'];
export type PayoutDisputeResolved = Schemas['PayoutDisputeResolved'];

/** An image to upload, as a multipart file part. */
export interface UploadFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** `files` under `field` (and text fields beside them) as a multipart/form-data body. */
async function multipartBody(field: string, files: readonly UploadFile[], text: Record<string, string | undefined> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(text)) if (value !== undefined) form.append(name, value);
  for (const file of files) form.append(field, new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
  const encoded = new Response(form);
  return { bytes: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? 'multipart/form-data' };
}
export type ApiKey = Schemas['ApiKey'];
export type ApiKeyCreated = Schemas['ApiKeyCreated'];
export type ApiKeyList = Schemas['ApiKeyList'];
export type CreateApiKeyRequest = Schemas['CreateApiKeyRequest'];
export type StatementEntry = Schemas['StatementEntry'];
export type StatementPage = Schemas['StatementPage'];

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
  constructor(protected readonly options: CorridorClientOptions) {}

  /** Signs and sends a request; the Response as it arrives, its body unread (a download streams). */
  async send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
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
    return send(`${this.options.baseUrl.replace(/\/$/, '')}${pathAndQuery}`, {
      method,
      headers,
      body: body.length > 0 ? (body as BodyInit) : undefined,
    });
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T | ApiErrorBody>> {
    const response = await this.send(method, path, options);
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

  /** The proofs of a payout, each with a `url` that serves its image for a few minutes. */
  listPayoutProofs(orderNo: string) {
    return this.request<PayoutProofList>('GET', `/api/v1/withdrawals/${encodeURIComponent(orderNo)}/proofs`);
  }

  /**
   * Downloads a proof image from the `url` of a proof list item, before its `urlExpiresAt`. The URL
   * needs no signing headers; its path and query are sent to this client's baseUrl, which may be an
   * internal address while the URL names the public one. Success: the image bytes and their
   * `content-type` header; otherwise the error body.
   */
  async getPayoutProofImage(url: string): Promise<ApiResponse<Uint8Array | ApiErrorBody>> {
    const { pathname, search } = new URL(url);
    const send = this.options.fetch ?? ((target: string, init: RequestInit) => fetch(target, init));
    const response = await send(`${this.options.baseUrl.replace(/\/$/, '')}${pathname}${search}`, { method: 'GET' });
    if (!response.ok) return { status: response.status, headers: response.headers, body: (await response.json()) as ApiErrorBody };
    return { status: response.status, headers: response.headers, body: new Uint8Array(await response.arrayBuffer()) };
  }

  decidePayout(orderNo: string, input: PayoutDecisionRequest) {
    return this.request<PayoutDecision>('POST', `/api/v1/withdrawals/${encodeURIComponent(orderNo)}/decision`, { body: input });
  }

  /** Cancels a payout no trader has taken yet (PENDING_MATCH); the body is sent only with a reason. */
  cancelPayout(orderNo: string, input?: CancelOrderRequest) {
    return this.request<Payout>('POST', `/api/v1/withdrawals/${encodeURIComponent(orderNo)}/cancel`, { body: input });
  }

  /** Takes back your dispute on a DISPUTED payout before an operator rules: back to PAYMENT_SUBMITTED. */
  withdrawPayoutDispute(orderNo: string) {
    return this.request<Payout>('POST', `/api/v1/withdrawals/${encodeURIComponent(orderNo)}/dispute/withdraw`);
  }

  /** Cancels a pay-in before the buyer reports paying (PENDING_MATCH, PENDING_PAYMENT). */
  cancelPayin(orderNo: string, input?: CancelOrderRequest) {
    return this.request<Payin>('POST', `/api/v1/orders/${encodeURIComponent(orderNo)}/cancel`, { body: input });
  }

  /**
   * Adds dispute evidence to a payout (PAYMENT_SUBMITTED or DISPUTED): a statement, 1 to 3 images
   * (JPEG, PNG or WebP), or both; at most 3 images per payout in all.
   */
  async addPayoutEvidence(orderNo: string, evidence: { statement?: string; images?: UploadFile[] }) {
    const raw = await multipartBody('images', evidence.images ?? [], { statement: evidence.statement });
    return this.request<DisputeEvidence>('POST', `/api/v1/withdrawals/${encodeURIComponent(orderNo)}/evidence`, { raw });
  }

  /** The dispute evidence you added to a payout (metadata only) and how many more images fit. */
  listPayoutEvidence(orderNo: string) {
    return this.request<DisputeEvidenceList>('GET', `/api/v1/withdrawals/${encodeURIComponent(orderNo)}/evidence`);
  }

  getBalance() {
    return this.request<Balance>('GET', '/api/v1/balance');
  }

  /** Your deposit address on `chain` (made on the first request, the same ever after; docs/api.md, "Deposits"). */
  getDepositAddress(chain: string) {
    return this.request<DepositAddress>('GET', '/api/v1/wallet/deposit-address', { query: { chain } });
  }

  /** A page of your deposits, newest first: limit, startingAfter, chain, state (docs/api.md, "List deposits"). */
  listDeposits(query: RequestOptions['query'] = {}) {
    return this.request<DepositList>('GET', '/api/v1/wallet/deposits', { query });
  }

  listEvents(query: RequestOptions['query'] = {}) {
    return this.request<EventList>('GET', '/api/v1/events', { query });
  }

  /** A page of your statement, newest first: limit, startingAfter, account, from, to (docs/api.md, "Statement"). */
  listBalanceTransactions(query: RequestOptions['query'] = {}) {
    return this.request<StatementPage>('GET', '/api/v1/balance/transactions', { query });
  }

  /**
   * The whole statement as CSV (account, from, to), oldest first: the Response itself, so the
   * caller streams `response.body` to a file rather than holding it. Errors still answer JSON.
   */
  exportBalanceTransactionsCsv(query: RequestOptions['query'] = {}) {
    return this.send('GET', '/api/v1/balance/transactions', { query, headers: { accept: 'text/csv' } });
  }

  getEvent(eventId: string) {
    return this.request<Event>('GET', `/api/v1/events/${encodeURIComponent(eventId)}`);
  }

  getWebhookEndpoint() {
    return this.request<WebhookEndpoint>('GET', '/api/v1/webhooks/endpoint');
  }

  /** The answer carries the signing secret only when this call created it: keep it then. */
  setWebhookEndpoint(input: SetWebhookEndpointRequest) {
    return this.request<WebhookEndpointSet>('POST', '/api/v1/webhooks/endpoint', { body: input });
  }

  clearWebhookEndpoint() {
    return this.request<WebhookEndpoint>('POST', '/api/v1/webhooks/endpoint/clear');
  }

  /**
   * The new secret is in this answer only; the old one signs beside it for `overlapSeconds`
   * (default 24 h). Partial: the generated type marks a field with a default as present.
   */
  rotateWebhookSecret(input: Partial<RotateWebhookSecretRequest> = {}) {
    return this.request<WebhookSecretRotated>('POST', '/api/v1/webhooks/endpoint/rotate-secret', { body: input });
  }

  listWebhookDeliveries(query: RequestOptions['query'] = {}) {
    return this.request<WebhookDeliveryList>('GET', '/api/v1/webhooks/deliveries', { query });
  }

  getWebhookDelivery(deliveryId: string) {
    return this.request<WebhookDelivery>('GET', `/api/v1/webhooks/deliveries/${encodeURIComponent(deliveryId)}`);
  }

  resendWebhookDelivery(deliveryId: string) {
    return this.request<WebhookDeliveryQueued>('POST', `/api/v1/webhooks/deliveries/${encodeURIComponent(deliveryId)}/resend`);
  }

  sendWebhookTest() {
    return this.request<WebhookDeliveryQueued>('POST', '/api/v1/webhooks/test');
  }

  listApiKeys() {
    return this.request<ApiKeyList>('GET', '/api/v1/api-keys');
  }

  /** The answer holds the new key's secret, shown this once. Not idempotent: a retry makes another key. */
  createApiKey(input: CreateApiKeyRequest) {
    return this.request<ApiKeyCreated>('POST', '/api/v1/api-keys', { body: input });
  }

  revokeApiKey(keyId: string) {
    return this.request<ApiKey>('POST', `/api/v1/api-keys/${encodeURIComponent(keyId)}/revoke`);
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
  async submitProof(orderId: string, files: UploadFile[]) {
    const raw = await multipartBody('proofs', files);
    return this.request<Payout>('POST', `/api/v1/trader/tasks/${orderId}/proof`, { raw });
  }
}

/** Narrows a response to its error body. */
export function isApiError(body: unknown): body is ApiErrorBody {
  return typeof body === 'object' && body !== null && 'error' in body;
}
