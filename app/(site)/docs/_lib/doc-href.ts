/** The site path of a document of docs/ (served by app/(site)/docs/[slug]), and of a heading in it. */
export function docHref(slug: string, headingId?: string): string {
  return `/docs/${encodeURIComponent(slug)}${headingId ? `#${headingId}` : ''}`;
}
