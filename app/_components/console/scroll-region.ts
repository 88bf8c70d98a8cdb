/**
 * The attributes of a box a wide table scrolls sideways in on a phone: keyboard users can reach
 * and scroll it (axe's scrollable-region-focusable), and a screen reader names it.
 */
export const scrollRegion = (label: string) => ({ tabIndex: 0, role: 'region', 'aria-label': label }) as const;
