'use client';

import { Fragment, useId } from 'react';
import { CopyRow } from './copy-row';
import { digitGroups } from './format';
import { useMessages } from './messages-context';
import type { CheckoutView } from './types';

/** Payee, bank, account number and the memo code: what the buyer types into their bank app. */
export function BankDetails({ bank, reference }: { bank: NonNullable<CheckoutView['bank']>; reference: string | null }) {
  const { t } = useMessages();
  const headingId = useId();
  return (
    <section className="checkout-bank" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.bankHeading}</h2>
      <dl>
        <CopyRow label={t.holderName} value={bank.holderName} />
        <CopyRow label={t.bankName} value={bank.bankName} />
        <CopyRow label={t.accountNumber} value={bank.accountNumber}>
          {/* Spans and <wbr>, not spaces: a number selected by hand still copies without gaps. */}
          <span data-testid="bank-account-number">
            {digitGroups(bank.accountNumber).map((group, index) => (
              <Fragment key={index}>
                {index > 0 ? <wbr /> : null}
                <span className="checkout-digit-group">{group}</span>
              </Fragment>
            ))}
          </span>
        </CopyRow>
        {reference ? <CopyRow label={t.referenceLabel} value={reference} /> : null}
      </dl>
    </section>
  );
}
