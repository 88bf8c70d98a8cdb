/** The days a trader's reputation looks back over (docs/routing.md, "Reputation"). */
export const REPUTATION_WINDOW_DAYS = 30;
