import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Metadata } from 'next';
import { connection } from 'next/server';
import { Markdown } from './markdown';

export const metadata: Metadata = {
  title: 'API reference',
  description: 'The Corridor merchant REST API: base URL, request signing, errors, idempotency and endpoints.',
};

export default async function ApiReferencePage() {
  // Read per request rather than baked in at build time, so the page always shows the docs/api.md
  // that ships beside the running server.
  await connection();
  const source = await readFile(path.join(process.cwd(), 'docs', 'api.md'), 'utf8');
  return <Markdown source={source} />;
}
