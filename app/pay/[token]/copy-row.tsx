'use client';

import { useId, type ReactNode } from 'react';
import { CopyButton } from './copy-button';

/** One line of a description list whose value the buyer types into their bank app. */
export function CopyRow({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  const valueId = useId();
  return (
    <div className="checkout-copy-row">
      <dt>{label}</dt>
      <dd>
        <span id={valueId} className="checkout-copy-value">
          {children ?? value}
        </span>
        <CopyButton value={value} name={label} targetId={valueId} />
      </dd>
    </div>
  );
}
