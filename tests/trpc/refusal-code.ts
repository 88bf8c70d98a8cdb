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
