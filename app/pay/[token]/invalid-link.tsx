'use client';

import { useMessages } from './messages-context';

/** ORDER_NOT_FOUND: an unknown, mistyped or truncated token. */
export function InvalidLink() {
  const { t } = useMessages();
  return (
    <section className="checkout-card" aria-labelledby="checkout-invalid">
      <div className="checkout-outcome is-stopped">
        <span className="checkout-outcome-icon" aria-hidden="true">
          ✕
        </span>
        <h1 id="checkout-invalid" className="checkout-heading">
          {t.invalidHeading}
        </h1>
        <p>{t.invalidText}</p>
      </div>
    </section>
  );
}
