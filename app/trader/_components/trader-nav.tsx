'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useLivePool } from './live-pool';
import { useTraderMessages } from './messages-context';

const links = [
  { href: '/trader', key: 'overview' },
  { href: '/trader/pool', key: 'pool' },
  { href: '/trader/payouts', key: 'payouts' },
  { href: '/trader/payins', key: 'payins' },
  { href: '/trader/notifications', key: 'notifications' },
  { href: '/trader/quotes', key: 'quotes' },
  { href: '/trader/ledger', key: 'ledger' },
  { href: '/trader/wallet', key: 'wallet' },
  { href: '/trader/alerts', key: 'alerts' },
  { href: '/trader/bond', key: 'bond' },
] as const;

/**
 * The sections, with the count of new pool tasks on the pool's link. On a phone one row that
 * scrolls sideways by itself, so the page below starts high.
 */
export function TraderNav() {
  const { t } = useTraderMessages();
  const badge = useLivePool().unseen;
  const pathname = usePathname();
  return (
    <nav className="trader-nav" aria-label={t.navLabel}>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} aria-current={pathname === link.href ? 'page' : undefined}>
              {t.nav[link.key]}
              {link.key === 'pool' && badge ? (
                <>
                  <span className="trader-badge" aria-hidden="true">
                    {badge}
                  </span>
                  <span className="visually-hidden">, {t.alerts.newTasks(badge)}</span>
                </>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
