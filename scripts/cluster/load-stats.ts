import type { Managed } from './processes';

export const steps = ['payout.create', 'payout.accept', 'payout.proof', 'payout.confirm', 'payin.create', 'payin.paid', 'payin.release'] as const;
export type Step = (typeof steps)[number];

export interface StepFigures {
  sent: number;
  ok: number;
  /** 4xx answers by error code: none is expected, each is shown. */
  refused: Record<string, number>;
  /** Network errors and 5xx of requests already on their way to a node when it was killed. */
  failedAtKill: number;
  /** Network errors and 5xx while the database had no primary (failover test): allowed, counted. */
  failedInOutage: number;
  /** Any other network error or 5xx: a fault of the cluster. */
  failedOtherwise: number;
}

/** A time the database had no writable primary, from the kill until the chaos saw a new one (and a grace). */
export interface Outage {
  what: string;
  from: number;
  to?: number;
  /** The first 2xx of a request sent after `from`: the clients' view of when service came back. */
  firstOkAt?: number;
}

/** What the cluster acknowledged with a 2xx: each must be in the database at the end. */
export interface Acknowledged {
  creates: { flow: 'payout' | 'payin'; orderId: string; merchantId: string; merchantOrderNo: string }[];
  transitions: { flow: 'payout' | 'payin'; orderId: string; action: string }[];
}

export interface Attempt {
  step: Step;
  node: Managed;
  startedAt: number;
}

/**
 * The load generator's bookkeeping: every request by step and by node incarnation, and what was
 * acknowledged. A failure is explained only when its node was killed after the request left.
 */
export class LoadStats {
  readonly byStep = Object.fromEntries(
    steps.map((step) => [step, { sent: 0, ok: 0, refused: {}, failedAtKill: 0, failedInOutage: 0, failedOtherwise: 0 } satisfies StepFigures]),
  ) as Record<Step, StepFigures>;
  /** Per node incarnation ("node-2#2"): requests sent and 2xx received. */
  readonly byNode = new Map<string, { sent: number; ok: number }>();
  readonly acknowledged: Acknowledged = { creates: [], transitions: [] };
  /** Creates sent again with the same Idempotency-Key after a network error. */
  retriedCreates = 0;
  /** The retry answered as a replay of the first attempt's stored response. */
  replayedCreates = 0;
  /** Requests in flight to each node at the moment it was killed. */
  readonly inFlightAtKill = new Map<string, number>();
  /** The database's outages the chaos caused (failover test only). */
  readonly outages: Outage[] = [];
  /** Answers by wall-clock second: how the clients saw an outage, second by second. */
  readonly bySecond = new Map<number, { ok: number; refused: number; unavailable: number; cut: number; other: number }>();
  private readonly inFlight = new Set<Attempt>();

  static nodeKey(node: Managed): string {
    return `${node.name}#${node.incarnation}`;
  }

  begin(step: Step, node: Managed): Attempt {
    const attempt = { step, node, startedAt: Date.now() };
    this.byStep[step].sent += 1;
    this.perNode(node).sent += 1;
    this.inFlight.add(attempt);
    return attempt;
  }

  answered(attempt: Attempt, status: number, errorCode: string | undefined): void {
    this.inFlight.delete(attempt);
    const figures = this.byStep[attempt.step];
    if (status >= 200 && status < 300) {
      this.second('ok');
      figures.ok += 1;
      this.perNode(attempt.node).ok += 1;
      for (const outage of this.outages) if (outage.firstOkAt === undefined && attempt.startedAt >= outage.from) outage.firstOkAt = Date.now();
    } else if (status >= 500) {
      this.failed(attempt, status === 503 ? 'unavailable' : 'other');
    } else {
      this.second('refused');
      const code = `${status} ${errorCode ?? ''}`.trim();
      figures.refused[code] = (figures.refused[code] ?? 0) + 1;
    }
  }

  failed(attempt: Attempt, kind: 'cut' | 'unavailable' | 'other' = 'cut'): void {
    this.inFlight.delete(attempt);
    this.second(kind);
    const killedAt = attempt.node.killedAt;
    const now = Date.now();
    if (killedAt !== undefined && attempt.startedAt <= killedAt) this.byStep[attempt.step].failedAtKill += 1;
    else if (this.outages.some((outage) => now >= outage.from && (outage.to === undefined || attempt.startedAt <= outage.to))) this.byStep[attempt.step].failedInOutage += 1;
    else this.byStep[attempt.step].failedOtherwise += 1;
  }

  /** A step that is not an HTTP request (the buyer's "I Have Paid", run on the database). */
  direct(step: Step, ok: boolean): void {
    this.byStep[step].sent += 1;
    if (ok) this.byStep[step].ok += 1;
    else if (this.inOutage(Date.now())) this.byStep[step].failedInOutage += 1;
    else this.byStep[step].failedOtherwise += 1;
  }

  inOutage(at: number): boolean {
    return this.outages.some((outage) => at >= outage.from && (outage.to === undefined || at <= outage.to));
  }

  /** Called just before a node is killed: how many requests it is holding. */
  noteKill(node: Managed): void {
    this.inFlightAtKill.set(LoadStats.nodeKey(node), [...this.inFlight].filter((attempt) => attempt.node === node).length);
  }

  private second(kind: 'ok' | 'refused' | 'unavailable' | 'cut' | 'other'): void {
    const at = Math.floor(Date.now() / 1000);
    let counts = this.bySecond.get(at);
    if (!counts) {
      counts = { ok: 0, refused: 0, unavailable: 0, cut: 0, other: 0 };
      this.bySecond.set(at, counts);
    }
    counts[kind] += 1;
  }

  private perNode(node: Managed) {
    const key = LoadStats.nodeKey(node);
    let figures = this.byNode.get(key);
    if (!figures) {
      figures = { sent: 0, ok: 0 };
      this.byNode.set(key, figures);
    }
    return figures;
  }
}
