import { z } from 'zod';

/**
 * The `:orderNo` of the merchant's order routes: the platform orderNo or the merchant's own
 * merchantOrderNo. Any non-empty segment is looked up (an unknown one is ORDER_NOT_FOUND).
 */
export const orderReference = z.string().describe('The platform orderNo or your merchantOrderNo.');

/** The `:orderId` of the trader routes: the order's id (a UUID). */
export const orderId = z.uuid({ error: 'must be an order id (UUID)' }).describe('The order id (orderId in the task list and the order detail).');
