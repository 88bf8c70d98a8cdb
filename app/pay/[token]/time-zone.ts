/**
 * Times on the checkout are shown in the buyer's time zone. The server cannot know it on a first
 * visit, so it renders them in UTC and the browser redraws them in its own zone right after
 * hydration; the browser keeps its zone in this cookie, so every later render (a reload, coming
 * back from the bank app) is already in the buyer's zone and nothing is redrawn.
 */
export const TIME_ZONE_COOKIE = 'corridor-tz';

export const SERVER_TIME_ZONE = 'UTC';

/** An IANA zone name Intl knows, else undefined: the cookie is the client's to write, so it is checked. */
export function timeZoneFromCookie(value: string | undefined): string | undefined {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    return undefined;
  }
}
