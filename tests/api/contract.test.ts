import { describe, expect, it } from 'vitest';
import { checkedResponse, contractProblems } from './contract';
import { thirdPartyProblems } from './third-party-contract';

/**
 * The contract check (contract.ts) fails the REST tests when a response breaks the OpenAPI
 * document; these tests make sure it can fail, so it never passes silently.
 */
const json = 'application/json; charset=utf-8';
const error = (code: string, extra: Record<string, unknown> = {}) => JSON.stringify({ error: { code, message: 'm', requestId: 'req_1', ...extra } });

describe('the contract check of REST responses', () => {
  it('passes a body that matches the documented status', () => {
    const body = JSON.stringify({ status: 'COMPLETED' });
    expect(contractProblems({ method: 'POST', pathname: '/api/v1/withdrawals/WD1/decision', status: 200, contentType: json, body })).toEqual([]);
  });

  it('refuses a success body missing a field or carrying one the document does not have', () => {
    const missing = JSON.stringify({ items: [], page: 1 });
    expect(contractProblems({ method: 'GET', pathname: '/api/v1/withdrawals', status: 200, contentType: json, body: missing }).join()).toMatch(/pageSize/);
    const extra = JSON.stringify({ status: 'COMPLETED', secret: 'x' });
    expect(contractProblems({ method: 'POST', pathname: '/api/v1/withdrawals/WD1/decision', status: 200, contentType: json, body: extra }).join()).toMatch(/additional/);
  });

  it('refuses a status the route does not document', () => {
    expect(contractProblems({ method: 'GET', pathname: '/api/v1/withdrawals', status: 504, contentType: json, body: error('INTERNAL_ERROR') }).join()).toMatch(
      /status 504 is not documented/,
    );
    // Every route may answer 503 while the database changes over, but only with that code.
    expect(contractProblems({ method: 'GET', pathname: '/api/v1/withdrawals', status: 503, contentType: json, body: error('SERVICE_UNAVAILABLE') })).toEqual([]);
    expect(contractProblems({ method: 'GET', pathname: '/api/v1/withdrawals', status: 503, contentType: json, body: error('SERVER_BUSY') })).not.toEqual([]);
    // A 4xx without its own entry falls under 4XX, which holds only the HTTP server's refusals.
    expect(contractProblems({ method: 'GET', pathname: '/api/v1/withdrawals', status: 409, contentType: json, body: error('INVALID_ORDER_STATE') })).not.toEqual([]);
  });

  it('refuses an error code the route does not declare at that status, and an error field the Error schema lacks', () => {
    expect(contractProblems({ method: 'POST', pathname: '/api/v1/withdrawals', status: 409, contentType: json, body: error('INVALID_ORDER_STATE') })).not.toEqual([]);
    expect(contractProblems({ method: 'GET', pathname: '/api/v1/withdrawals/WD1', status: 404, contentType: json, body: error('ORDER_NOT_FOUND', { stack: 'at x' }) })).not.toEqual([]);
  });

  it('refuses a non-JSON answer, and anything but 404/405 in the Error shape on a path or method the document lacks', () => {
    expect(contractProblems({ method: 'GET', pathname: '/api/v1/withdrawals', status: 200, contentType: 'text/html', body: '<html>' })).not.toEqual([]);
    expect(contractProblems({ method: 'GET', pathname: '/api/v1/nope', status: 200, contentType: json, body: '{}' })).not.toEqual([]);
    expect(contractProblems({ method: 'GET', pathname: '/api/v1/nope', status: 404, contentType: json, body: error('NOT_FOUND') })).toEqual([]);
    expect(contractProblems({ method: 'DELETE', pathname: '/api/v1/withdrawals', status: 405, contentType: json, body: error('METHOD_NOT_ALLOWED') })).toEqual([]);
  });

  it('makes the test harness throw on a response that breaks the document', async () => {
    const wrong = new Response(JSON.stringify({ orderId: 'not-a-uuid' }), { status: 200, headers: { 'content-type': json } });
    await expect(checkedResponse('GET', 'http://corridor.test/api/v1/withdrawals/WD1', wrong)).rejects.toThrow(/breaks the OpenAPI document/);
    const right = new Response(JSON.stringify({ status: 'DISPUTED' }), { status: 200, headers: { 'content-type': json } });
    const passed = await checkedResponse('POST', 'http://corridor.test/api/v1/withdrawals/WD1/decision', right);
    expect(await passed.json()).toEqual({ status: 'DISPUTED' });
  });
});

describe('the second reading of the contract, by openapi-backend (third-party-contract.ts)', () => {
  const balance = { currency: 'USDT', available: '1.000000', frozen: '0.000000', pending: '0.000000' };
  const headers = (extra: Record<string, string> = {}) => new Headers({ 'content-type': json, 'x-request-id': 'req_1', ...extra });

  it('passes a documented answer', async () => {
    expect(await thirdPartyProblems({ method: 'GET', pathname: '/api/v1/balance', status: 200, headers: headers(), json: balance })).toEqual([]);
  });

  it('refuses a body of the wrong shape, a missing field and an unknown code', async () => {
    const wrongType = await thirdPartyProblems({ method: 'GET', pathname: '/api/v1/balance', status: 200, headers: headers(), json: { ...balance, available: 1 } });
    expect(wrongType.join()).toMatch(/available/);
    const { pending: _pending, ...missing } = balance;
    expect((await thirdPartyProblems({ method: 'GET', pathname: '/api/v1/balance', status: 200, headers: headers(), json: missing })).join()).toMatch(/pending/);
    const unknownCode = { error: { code: 'ORDER_NOT_FOUND', message: 'm', requestId: 'req_1' } };
    expect(await thirdPartyProblems({ method: 'GET', pathname: '/api/v1/balance', status: 404, headers: headers(), json: unknownCode })).not.toEqual([]);
  });

  it('refuses a documented header of the wrong form', async () => {
    const busy = { error: { code: 'RATE_LIMITED', message: 'm', requestId: 'req_1' } };
    expect(await thirdPartyProblems({ method: 'GET', pathname: '/api/v1/balance', status: 429, headers: headers({ 'retry-after': '2' }), json: busy })).toEqual([]);
    expect(await thirdPartyProblems({ method: 'GET', pathname: '/api/v1/balance', status: 429, headers: headers({ 'retry-after': 'soon' }), json: busy })).not.toEqual([]);
  });
});
