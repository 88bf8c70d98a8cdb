import { describe, expect, it } from 'vitest';
import { checkedResponse } from '../../../../tests/api/contract';
import { handleRestRequest } from './handler';

describe('REST adapter', () => {
  it('answers an unknown route with a JSON NOT_FOUND error and a request id, never HTML', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1'],
      ['DELETE', '/api/v1/withdrawals/x/y/z'],
    ] as const) {
      const response = await checkedResponse(method, `http://localhost${path}`, await handleRestRequest(new Request(`http://localhost${path}`, { method })));
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const requestId = response.headers.get('x-request-id');
      expect(requestId).toMatch(/^req_[0-9a-f]{32}$/);
      const body = (await response.json()) as { error: { code: string; message: string; requestId: string } };
      expect(body.error.code).toBe('NOT_FOUND');
      expect(body.error.requestId).toBe(requestId);
      expect(body.error.message).toContain(path);
    }
  });
});
