import { Counter } from 'prom-client';
import { singleMetric } from './registry';

/** Notifications stored, by match result (docs/operations.md): bounded labels only. */
export const notificationsTotal = singleMetric(
  'corridor_bank_notifications_total',
  (registry) =>
    new Counter({
      name: 'corridor_bank_notifications_total',
      help: 'Bank notifications received from traders, by match result (unparsed, ignored, suggested, released, duplicate).',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
);

/** Pay-ins released from a notification (released: on their own; confirmed: the trader took the suggestion). */
export const notificationReleasesTotal = singleMetric(
  'corridor_payin_notification_releases_total',
  (registry) =>
    new Counter({
      name: 'corridor_payin_notification_releases_total',
      help: 'Pay-ins released from bank notifications, by how (auto or suggestion) and parser.',
      labelNames: ['how', 'parser'] as const,
      registers: [registry],
    }),
);
