/**
 * A refused call's messages by field, so a form shows each beside its input: the domain's details
 * (data.details, e.g. webhookUrl for an address the SSRF guard refuses) and the input schema's
 * issues (tRPC sends those as the message, a JSON list of zod issues).
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!error) return {};
  const shape = error as { message?: string; data?: { details?: { path: string; message: string }[] } };
  const found: Record<string, string> = {};
  for (const detail of shape.data?.details ?? []) found[detail.path.split('.')[0] || 'input'] ??= detail.message;
  if (shape.message?.startsWith('[')) {
    try {
      for (const issue of JSON.parse(shape.message) as { path?: (string | number)[]; message?: string }[]) {
        found[String(issue.path?.[0] ?? 'input')] ??= issue.message ?? 'is not valid';
      }
    } catch {
      // Not a list of issues after all: the error line under the form shows the message.
    }
  }
  return found;
}
