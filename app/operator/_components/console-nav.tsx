'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { OperatorMessages } from './messages';
import { useOperatorMessages } from './messages-context';

const sections: { href: string; label: keyof OperatorMessages['nav'] }[] = [
  { href: '/operator', label: 'disputes' },
  { href: '/operator/stuck', label: 'stuck' },
  { href: '/operator/risk', label: 'risk' },
  { href: '/operator/merchants', label: 'merchants' },
  { href: '/operator/traders', label: 'traders' },
  { href: '/operator/notifications', label: 'notifications' },
  { href: '/operator/rate', label: 'rate' },
  { href: '/operator/settings', label: 'settings' },
  { href: '/operator/audit', label: 'audit' },
  { href: '/operator/ledger', label: 'ledger' },
  { href: '/operator/deposits', label: 'deposits' },
  { href: '/operator/reconciliation', label: 'reconciliation' },
  { href: '/operator/withdrawals', label: 'withdrawals' },
  { href: '/operator/metrics', label: 'metrics' },
  { href: '/operator/security', label: 'security' },
  { href: '/operator/alerts', label: 'alerts' },
];

export function ConsoleNav() {
  const pathname = usePathname();
  const { t } = useOperatorMessages();
  const current = (href: string) => (href === '/operator' ? pathname === '/operator' || pathname.startsWith('/operator/disputes') : pathname.startsWith(href));
  return (
    <ul>
      {sections.map((section) => (
        <li key={section.href}>
          <Link href={section.href} aria-current={current(section.href) ? 'page' : undefined}>
            {t.nav[section.label]}
          </Link>
        </li>
      ))}
    </ul>
  );
}
