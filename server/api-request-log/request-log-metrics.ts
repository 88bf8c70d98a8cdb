import { Counter } from 'prom-client';
import { singleMetric } from '../metrics/registry';

/** Request-log rows dropped because the buffer was full (a slow database) or their batch failed. */
export const apiRequestLogDropped = () =>
  singleMetric(
    'corridor_api_request_log_dropped_total',
    (registry) =>
      new Counter({
        name: 'corridor_api_request_log_dropped_total',
        help: 'Merchant request-log rows dropped: the buffer was full while the database was slow, or a batch insert failed.',
        registers: [registry],
      }),
  );
