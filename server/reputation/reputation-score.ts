/** The figures of a trader's record that its reputation is made of (docs/routing.md, "Reputation"). */
export interface ReputationFigures {
  completed: number;
  failed: number;
  medianReleaseSeconds: number | null;
  disputesLost: number;
}

// A trader without a record scores as if it had completed 4 of 5 and released in fair time: neither favoured nor shut out.
const PRIOR_RATE = 0.8;
const PRIOR_WEIGHT = 5;
// Release within 2 minutes of "I Have Paid" is full marks; 30 minutes or more is none.
const RELEASE_FULL_SECONDS = 120;
const RELEASE_NONE_SECONDS = 1800;
// Each dispute lost in the window takes a quarter of that part: four lost leave none of it.
const PER_DISPUTE_LOST = 0.25;
const SHARES = { completion: 0.6, release: 0.2, disputes: 0.2 };

const clamp = (value: number) => Math.min(1, Math.max(0, value));
const round = (value: number) => Math.round(value * 1000) / 1000;

/** Each part of the reputation in [0, 1] and their weighted sum, the routing signal (0.84 with no record). */
export function reputationScore(figures: ReputationFigures | null) {
  const f = figures ?? { completed: 0, failed: 0, medianReleaseSeconds: null, disputesLost: 0 };
  const completion = (f.completed + PRIOR_RATE * PRIOR_WEIGHT) / (f.completed + f.failed + PRIOR_WEIGHT);
  const release =
    f.medianReleaseSeconds === null ? PRIOR_RATE : clamp(1 - (f.medianReleaseSeconds - RELEASE_FULL_SECONDS) / (RELEASE_NONE_SECONDS - RELEASE_FULL_SECONDS));
  const disputes = clamp(1 - PER_DISPUTE_LOST * f.disputesLost);
  const value = SHARES.completion * completion + SHARES.release * release + SHARES.disputes * disputes;
  return { value: round(value), completion: round(completion), release: round(release), disputes: round(disputes) };
}
