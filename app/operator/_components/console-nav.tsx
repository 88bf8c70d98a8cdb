'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

const sections = [
  { href: '/operator', label: 'Disputes' },
  { href: '/operator/stuck', label: 'Overdue & unmatched' },
  { href: '/operator/merchants', label: 'Merchants' },
  { href: '/operator/traders', label: 'Traders' },
  { href: '/operator/notifications', label: 'Auto-confirmation' },
  { href: '/operator/rate', label: 'Reference rate' },
  { href: '/operator/settings', label: 'Settings' },
  { href: '/operator/audit', label: 'Audit log' },
  { href: '/operator/ledger', label: 'Ledger' },
  { href: '/operator/metrics', label: 'Metrics' },
  { href: '/operator/security', label: 'Security' },
] as const;

export function ConsoleNav() {
  const pathname = usePathname();
  const current = (href: string) => (href === '/operator' ? pathname === '/operator' || pathname.startsWith('/operator/disputes') : pathname.startsWith(href));
  return (
    <ul>
      {sections.map((section) => (
        <li key={section.href}>
          <Link href={section.href} aria-current={current(section.href) ? 'page' : undefined}>
            {section.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
