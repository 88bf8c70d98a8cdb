/** A path segment as typed: a malformed escape (`%E0%A4`) is kept as written rather than thrown as a 500. */
export function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
