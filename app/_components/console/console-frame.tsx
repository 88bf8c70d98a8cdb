import Link from 'next/link';
import type { ReactNode } from 'react';

/**
 * The frame of the operator and merchant consoles, inside their own root layouts
 * (docs/architecture.md, "Page families"): a compact top bar (product, who is signed in, sign-out,
 * the language where the console has one), the sections, and the work area. No site header or
 * footer. On a phone the sections are one row that scrolls sideways inside itself and the account
 * is a disclosure, so the page's first screen is its content.
 */
export function ConsoleFrame({
  product,
  home,
  skipLabel,
  navLabel,
  nav,
  account,
  accountLabel,
  tools,
  children,
}: {
  /** "Operator console", "商户后台": next to Corridor's name. */
  product: string;
  home: string;
  skipLabel: string;
  navLabel: string;
  nav: ReactNode;
  /** The signed-in person's name, shown on the disclosure's button. */
  accountLabel: ReactNode;
  /** What the disclosure opens: who is signed in, the password, sign-out. */
  account: ReactNode;
  /** Always shown in the bar (the language switch). */
  tools?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <a className="skip-link" href="#main">
        {skipLabel}
      </a>
      <header className="console-top">
        <Link href={home} className="console-brand">
          <span className="brand-mark" aria-hidden="true">
            C
          </span>
          <span className="console-corridor" translate="no">Corridor</span> <span className="console-product">{product}</span>
        </Link>
        <div className="console-tools">
          {tools}
          <details className="console-account">
            <summary>{accountLabel}</summary>
            <div className="console-account-menu">{account}</div>
          </details>
        </div>
      </header>
      <div className="console">
        <nav className="console-nav" aria-label={navLabel}>
          {nav}
        </nav>
        <main id="main" className="console-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </>
  );
}
