/**
 * What a refusal says, in one comparable shape, for the input-rule attack tests: REST as
 * [status, code, field paths], a tRPC call as [code, field paths] (or ['RESOLVED'] when it went through).
 */
type ErrorBody = { error?: { code?: string; details?: { path: string }[] } };

export function restRefusal(response: { status: number; body: unknown }) {
  const error = (response.body as ErrorBody).error;
  return [response.status, error?.code, error?.details?.map((detail) => detail.path)];
}

export async function pageRefusal(call: Promise<unknown>) {
  try {
    await call;
    return ['RESOLVED'];
  } catch (error) {
    const cause = (error as { cause?: { code?: string; details?: { path: string }[]; issues?: { path: PropertyKey[] }[] } }).cause;
    // A procedure's own input schema refuses before the domain: zod's issues, named like details.
    if (cause?.issues) return ['VALIDATION_FAILED', cause.issues.map((issue) => issue.path.join('.'))];
    return [cause?.code, cause?.details?.map((detail) => detail.path)];
  }
}
