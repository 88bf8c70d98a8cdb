import { router } from '../init';

/** The operator console's procedures (operatorProcedure: signed in with a second factor). */
export const operatorRouter = router({});
