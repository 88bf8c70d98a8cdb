import Link from 'next/link';

const sections = [
  { href: '/demo/checkout', label: 'Checkout demo' },
  { href: '/merchant', label: 'Merchants' },
  { href: '/trader', label: 'Traders' },
  { href: '/operator', label: 'Operators' },
  { href: '/docs', label: 'Docs' },
] as const;

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container">
        <Link href="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            C
          </span>
          Corridor
        </Link>
        <nav className="site-nav" aria-label="Main">
          <ul>
            {sections.map((section) => (
              <li key={section.href}>
                <Link href={section.href}>{section.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
