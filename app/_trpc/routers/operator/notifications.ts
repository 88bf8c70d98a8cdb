import { z } from 'zod';
import { operatorProcedure, router } from '../../init';
import { notificationStats } from '../../../../server/notifications/notification-stats';
import { notificationStatsRow } from '../../../../server/notifications/notification-stats.schema';

/** Automatic confirmation from bank notifications, per trader and bank (docs/operator-guide.md). */
export const operatorNotificationsRouter = router({
  stats: operatorProcedure.input(z.object({}).strict()).output(z.array(notificationStatsRow)).query(({ ctx }) => notificationStats(ctx.db)),
});
