/**
 * Open checkout event streams (`/pay/<token>/events`), counted per checkout link and per client
 * address so that one link or one client cannot hold thousands of connections, each a file
 * descriptor and a listener (docs/security.md, "Buyer receipts and the checkout's streams").
 */

/** A buyer has the checkout open in a few tabs at most; EventSource reconnects one stream per tab. */
export const STREAMS_PER_CHECKOUT = 4;
/** One address may watch this many checkouts at once (a shop's NAT, a few buyers behind it). */
export const STREAMS_PER_ADDRESS = 32;

export interface StreamLimits {
  perCheckout: number;
  perAddress: number;
}

export class EventStreamRegistry {
  private readonly byCheckout = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly limits: StreamLimits = { perCheckout: STREAMS_PER_CHECKOUT, perAddress: STREAMS_PER_ADDRESS }) {}

  /** Counts a stream in, or refuses it (null) when its link or its address is at its cap. The release runs once. */
  open(checkout: string, address: string): (() => void) | null {
    if ((this.byCheckout.get(checkout) ?? 0) >= this.limits.perCheckout) return null;
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress) return null;
    increment(this.byCheckout, checkout, 1);
    increment(this.byAddress, address, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      increment(this.byCheckout, checkout, -1);
      increment(this.byAddress, address, -1);
    };
  }

  /** Streams open now (for tests and metrics). */
  size(): number {
    let total = 0;
    for (const count of this.byCheckout.values()) total += count;
    return total;
  }
}

/** Keeps only keys with open streams, so the maps shrink back to empty when every stream closes. */
function increment(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}
