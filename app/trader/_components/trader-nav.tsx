'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

const links = [
  { href: '/trader', label: 'Overview' },
  { href: '/trader/pool', label: 'Task pool' },
  { href: '/trader/payouts', label: 'My payouts' },
  { href: '/trader/payins', label: 'My pay-ins' },
  { href: '/trader/notifications', label: 'Bank notifications' },
  { href: '/trader/quotes', label: 'Quotes & bank accounts' },
  { href: '/trader/ledger', label: 'Ledger' },
] as const;

export function TraderNav() {
  const pathname = usePathname();
  return (
    <nav className="trader-nav" aria-label="Dashboard">
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} aria-current={pathname === link.href ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
