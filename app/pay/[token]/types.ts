import type { TRPCClientErrorLike } from '@trpc/client';
import type { AppRouter } from '../../_trpc/root';
import type { CheckoutView } from '../../../server/checkout/checkout';
import type { buyerEvidenceRequests } from '../../../server/disputes/party-evidence-requests';

export type { CheckoutView };
export type PayinStatus = CheckoutView['status'];
export type CheckoutError = TRPCClientErrorLike<AppRouter>;
export type EvidenceRequests = Awaited<ReturnType<typeof buyerEvidenceRequests>>;

/** What the page renders in its first HTML response, and the client's queries start from. */
export interface InitialCheckout {
  view: CheckoutView;
  /** Only for a disputed order, the one screen that shows them; otherwise the page asks when it needs them. */
  evidenceRequests: EvidenceRequests | null;
}
