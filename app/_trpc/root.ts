import { router } from './init';
import { checkoutRouter } from './routers/checkout';

/** Every tRPC router of the pages; each feature router is one line here. */
export const appRouter = router({
  checkout: checkoutRouter,
});

export type AppRouter = typeof appRouter;
