'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** The sections the server allowed for this role (merchant-pages.ts); only the current one is marked. */
export function MerchantNav({ links }: { links: { href: string; label: string }[] }) {
  const pathname = usePathname();
  return (
    <ul>
      {links.map((link) => (
        <li key={link.href}>
          <Link href={link.href} aria-current={pathname === link.href ? 'page' : undefined}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
