import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <div className="prose">
      <p className="eyebrow">Error 404</p>
      <h1>Page not found</h1>
      <p className="lead">There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link href="/">Go to the Corridor home page</Link>
      </p>
    </div>
  );
}
