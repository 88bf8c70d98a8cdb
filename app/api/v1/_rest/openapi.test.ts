import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../../../server/errors';
import { payinMachine } from '../../../../server/payins/payin-machine';
import { depositMachine } from '../../../../server/deposits/deposit-machine';
import { payoutMachine } from '../../../../server/payouts/payout-machine';
import { withdrawalMachine } from '../../../../server/withdrawals/withdrawal-machine';
import { eventDescriptions } from '../../../../server/webhooks/event.schema';
import { contractProblems } from '../../../../tests/api/contract';
import { DOCUMENT_PATH, eventSchemaName, openApiDocument, openApiPathOf } from './openapi';
import { errorsOf } from './route-definition';
import { routes } from './routes';

interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
  requestBody?: { content: Record<string, { example?: unknown }> };
}
const document = openApiDocument() as {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref: string }; example?: unknown }> } } }>;
  components: { schemas: Record<string, unknown> };
};

const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
  Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
);

describe('the OpenAPI document is generated from the route table (routes.ts)', () => {
  it('lists every route of the table, and besides them only itself', () => {
    const table = routes.map((route) => `${route.method} ${openApiPathOf(route.path)}`);
    expect(documented.sort()).toEqual([...table, `GET ${openApiPathOf(DOCUMENT_PATH)}`].sort());
  });

  it('gives each route its key kind and scopes as its security, and its operationId', () => {
    for (const route of routes) {
      const operation = document.paths[openApiPathOf(route.path)]![route.method.toLowerCase()]!;
      expect(operation.operationId).toBe(route.operationId);
      if (route.auth === 'signed-url') {
        // No key: the signed query is the grant, and the document lists its parameters.
        expect(operation.security).toEqual([]);
        continue;
      }
      const scheme = route.auth === 'merchant' ? 'merchantKey' : 'traderKey';
      expect(operation.security).toEqual([{ [scheme]: [...route.scopes], timestamp: [], nonce: [], signature: [] }]);
    }
  });

  it("documents each route's success status and one response per status of its error codes", () => {
    for (const route of routes) {
      const operation = document.paths[openApiPathOf(route.path)]![route.method.toLowerCase()]!;
      const statuses = new Set([route.success.status, ...errorsOf(route).map((code) => errorCodes[code])].map(String));
      expect(Object.keys(operation.responses).filter((key) => key !== '4XX').sort(), route.operationId).toEqual([...statuses].sort());
    }
  });

  it('declares merchant routes with at least one scope and trader routes with none (a trader key\'s kind is what they check)', () => {
    for (const route of routes) {
      if (route.auth === 'trader') expect(route.scopes, route.operationId).toEqual([]);
      else expect(route.scopes.length, route.operationId).toBeGreaterThan(0);
    }
  });
});

describe("the document's webhooks section describes every event the state machines send", () => {
  const machineEvents = [...payoutMachine.transitions, ...payinMachine.transitions, ...depositMachine.transitions, ...withdrawalMachine.transitions].flatMap((transition) => (transition.event ? [transition.event] : []));

  it('has one webhook per event type (and webhook.test, the deposit\'s detection, the withdrawal\'s request and the book\'s new address), each with a description', () => {
    const creations = ['wallet.deposit_detected', 'wallet.withdrawal_requested', 'wallet.withdrawal_address_added', 'webhook.test'];
    expect(Object.keys(document.webhooks).sort()).toEqual([...new Set([...machineEvents, ...creations])].sort());
    expect(Object.keys(eventDescriptions).sort()).toEqual(Object.keys(document.webhooks).sort());
  });

  it('describes each body as the envelope { id, type, createdAt, data } with the order detail as data', () => {
    for (const [type, webhook] of Object.entries(document.webhooks)) {
      expect(webhook.post.requestBody.content['application/json']!.schema.$ref).toBe(`#/components/schemas/${eventSchemaName(type)}`);
    }
    const payoutEvent = document.components.schemas[eventSchemaName('payout.completed')] as { required: string[]; properties: Record<string, unknown> };
    expect(payoutEvent.required).toEqual(['id', 'type', 'createdAt', 'data']);
    expect(payoutEvent.properties.data).toEqual({ $ref: '#/components/schemas/Payout' });
    const payinEvent = document.components.schemas[eventSchemaName('order.completed')] as { properties: Record<string, unknown> };
    expect(payinEvent.properties.data).toEqual({ $ref: '#/components/schemas/Payin' });
  });
});

describe("the document's examples are valid against its own schemas", () => {
  it('each response example matches its response schema', () => {
    let checked = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const example = response.content?.['application/json']?.example;
          if (example === undefined) continue;
          checked += 1;
          const concrete = path.replace(/\{[^}]+\}/g, 'x');
          expect(contractProblems({ method: method.toUpperCase(), pathname: concrete, status: Number(status), contentType: 'application/json', body: JSON.stringify(example) })).toEqual([]);
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('the Error schema describes the error bodies the adapter sends (docs/errors.md)', () => {
  it('accepts INVALID_ORDER_STATE with the order status beside the code', () => {
    const body = { error: { code: 'INVALID_ORDER_STATE', message: 'The order is COMPLETED.', status: 'COMPLETED', requestId: 'req_1' } };
    const problems = contractProblems({ method: 'POST', pathname: '/api/v1/withdrawals/WD1/decision', status: 409, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });
    expect(problems).toEqual([]);
  });
});
