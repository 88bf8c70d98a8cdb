/**
 * The code a tRPC call was refused with, as the page would read it: the domain code of
 * docs/errors.md when the domain refused, else tRPC's own code (BAD_REQUEST for input that fails
 * its zod schema). 'RESOLVED' when the call was not refused at all.
 */
export async function refusalCode(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'RESOLVED';
  } catch (error) {
    const refused = error as { code?: string; cause?: { code?: string } };
    return refused.cause?.code ?? refused.code ?? 'UNKNOWN';
  }
}

/** Each selected call's refusal code, in the table's order: what an access test compares. */
export async function refusalsOf<C>(
  calls: Record<string, (caller: C) => Promise<unknown>>,
  caller: C,
  only: (name: string) => boolean = () => true,
): Promise<[string, string][]> {
  const codes: [string, string][] = [];
  for (const [name, call] of Object.entries(calls)) if (only(name)) codes.push([name, await refusalCode(call(caller))]);
  return codes;
}

/** The expected answer of refusalsOf when every one of `names` is refused with `code`. */
export const refusedAll = (names: string[], code: string): [string, string][] => names.map((name) => [name, code]);
