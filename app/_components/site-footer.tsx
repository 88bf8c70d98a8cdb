import Link from 'next/link';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <p>
          Corridor is open source (Apache-2.0) and self-hosted: <code>npm install &amp;&amp; npm start</code> runs
          the whole gateway with an embedded database.
        </p>
        <p>
          <Link href="/docs/api">API reference</Link>
        </p>
      </div>
    </footer>
  );
}
