import { router } from '../init';

/** The trader dashboard's procedures (traderProcedure: scoped to the signed-in trader). */
export const traderRouter = router({});
