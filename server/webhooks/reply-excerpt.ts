/**
 * What Corridor keeps of a receiver's reply: its status and at most this many bytes of its body,
 * cleaned so the delivery log shows text and nothing else (docs/security.md). The log is the
 * merchant's to read, so it must never become a window onto whatever answered: a short excerpt is
 * enough to debug an endpoint, and a refused destination keeps no body at all.
 */
export const EXCERPT_BYTES = 256;

const decoder = () => new TextDecoder('utf-8', { fatal: false });

/** The first EXCERPT_BYTES of a body as clean text; a character cut in half at the end is dropped. */
export function excerptOf(body: Buffer): string {
  // stream: true holds back an incomplete last character instead of turning it into U+FFFD.
  return clean(decoder().decode(body.subarray(0, EXCERPT_BYTES), { stream: true }));
}

/** The same limit applied to text already stored (attempts logged before the limit existed). */
export function clampExcerpt(text: string | null): string | null {
  return text === null ? null : excerptOf(Buffer.from(text, 'utf8'));
}

/** Any short text from the receiver that reaches the log (a redirect's Location), cleaned and cut. */
export function cleanHeader(text: string, max = 200): string {
  const cleaned = clean(text);
  return cleaned.length > max ? `${cleaned.slice(0, max)}...` : cleaned;
}

// Line breaks and tabs become spaces; other control characters and the bidirectional overrides,
// which could disguise the text in a console, go.
function clean(text: string): string {
  return text.replace(/[\t\n\r]/g, ' ').replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '');
}
