import type { TRPCClientErrorLike } from '@trpc/client';
import type { AppRouter } from '../../_trpc/root';
import type { CheckoutView } from '../../../server/payins/checkout';

export type { CheckoutView };
export type PayinStatus = CheckoutView['status'];
export type CheckoutError = TRPCClientErrorLike<AppRouter>;
