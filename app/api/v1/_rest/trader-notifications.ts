import { heartbeatInput, heartbeatResponse, notificationInput, notificationResponse } from '../../../../server/notifications/notification.schema';
import { receiveNotification } from '../../../../server/notifications/receive-notification';
import { recordHeartbeat } from '../../../../server/notifications/record-heartbeat';
import { defineRoute } from './route-definition';

/** POST /api/v1/trader/notifications: a bank SMS or app notification from the trader's forwarder. */
export const postTraderNotification = defineRoute({
  operationId: 'postTraderNotification',
  method: 'POST',
  path: 'trader/notifications',
  auth: 'trader',
  scopes: [],
  tag: 'Trader API',
  summary: 'Send a bank notification',
  description:
    'The raw text of a bank SMS or wallet notification about one of your bank accounts. It is stored encrypted for 30 days, read by the bank templates and matched to that account\'s open pay-ins; with automatic confirmation on and a score at or above the account\'s threshold, the pay-in is released. The same sender and text sent again answers the first result with duplicate: true and does nothing. Also counts as the forwarder\'s heartbeat.',
  body: {
    kind: 'json',
    schema: notificationInput,
    example: {
      bankAccountId: '4b6f2a0e-8d1c-4f4e-9a57-2c1d3e5f7a90',
      sender: '95588',
      text: '您尾号0001卡11月23日14:05网上银行转账收入(张三)100.37元，余额5,000.00元，附言K7QX2M。【工商银行】',
      receivedAt: '2026-11-23T06:05:09Z',
    },
  },
  success: { status: 200, schema: notificationResponse, description: 'What was read and what it matched' },
  errors: ['BANK_ACCOUNT_NOT_FOUND'],
  handle: async ({ traderId, json, db, now }) => ({ body: await receiveNotification(db, { traderId, input: json, now }) }),
});

/** POST /api/v1/trader/notifications/heartbeat: the forwarder is alive. */
export const postTraderHeartbeat = defineRoute({
  operationId: 'postTraderNotificationHeartbeat',
  method: 'POST',
  path: 'trader/notifications/heartbeat',
  auth: 'trader',
  scopes: [],
  tag: 'Trader API',
  summary: 'Report that your forwarder is alive',
  description:
    "Send every few minutes: an auto-confirm account whose forwarder is silent longer than its silence setting gets no new pay-ins and your dashboard warns you.",
  body: { kind: 'json', schema: heartbeatInput, example: { bankAccountId: '4b6f2a0e-8d1c-4f4e-9a57-2c1d3e5f7a90' } },
  success: { status: 200, schema: heartbeatResponse, description: 'When the listener was last seen' },
  errors: ['BANK_ACCOUNT_NOT_FOUND'],
  handle: async ({ traderId, json, db, now }) => ({ body: await recordHeartbeat(db, { traderId, input: json, now }) }),
});
