import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { DocView } from '../_components/doc-view';
import { loadAllDocs, loadDoc } from '../_lib/doc-files';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const doc = await loadDoc((await params).slug);
  return doc ? { title: doc.title, description: doc.description } : {};
}

/** /docs/<slug>: docs/<slug>.md, rendered on the server; any other slug is a 404. */
export default async function DocPage({ params }: Props) {
  // Read per request rather than baked in at build time, so the page always shows the docs/ that
  // ships beside the running server.
  await connection();
  const doc = await loadDoc((await params).slug);
  if (!doc) notFound();
  return <DocView doc={doc} docs={await loadAllDocs()} />;
}
