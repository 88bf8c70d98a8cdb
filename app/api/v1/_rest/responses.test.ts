import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../../server/errors';
import { errorResponse } from './responses';

describe('error responses (docs/errors.md)', () => {
  it('an unexpected error is 500 INTERNAL_ERROR that reveals nothing of it', async () => {
    const response = errorResponse('req_1', new Error('connection to 10.0.0.5 failed: password "hunter2" rejected'));
    expect(response.status).toBe(500);
    expect(response.headers.get('x-request-id')).toBe('req_1');
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.', requestId: 'req_1' } });
    expect(text).not.toContain('hunter2');
  });

  it('a domain error carries its code, status, details and extra facts', async () => {
    const response = errorResponse(
      'req_2',
      new DomainError('INVALID_ORDER_STATE', 'The order is COMPLETED.', { meta: { status: 'COMPLETED' }, details: [{ path: 'decision', message: 'x' }] }),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: { code: 'INVALID_ORDER_STATE', message: 'The order is COMPLETED.', details: [{ path: 'decision', message: 'x' }], status: 'COMPLETED', requestId: 'req_2' },
    });
  });
});
