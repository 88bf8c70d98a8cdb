import type { z } from 'zod';

/**
 * Characters that reorder or re-direct the text around them: the embeddings and overrides
 * (U+202A to U+202E), the isolates (U+2066 to U+2069) and the invisible direction marks (U+200E,
 * U+200F, U+061C). In a name another person reads (a recipient's holder name shown to the trader
 * who pays, an account holder shown to the buyer, a key's label in the audit log) they make the
 * text show something other than what it holds: "Li Lei\u202Enoitcurtsni" reads "Li Leiinstruction".
 * The webhook log strips the same characters from what it shows (server/webhooks/reply-excerpt.ts).
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

function hasBidiControl(text: string): boolean {
  return BIDI_CONTROLS.test(text);
}

/**
 * A name or label shown to people (docs/security.md, "One text rule"): the field's own schema
 * refusing bidirectional controls, so the refusal is VALIDATION_FAILED naming the field, on every
 * transport that parses it.
 */
export function displayedName<S extends z.ZodType<string, string>>(schema: S): S {
  return schema.refine((value) => !hasBidiControl(value), {
    error: 'must not contain bidirectional control characters (U+202A to U+202E, U+2066 to U+2069, U+200E, U+200F, U+061C)',
  }) as S;
}
