'use client';

import { useMessages } from './messages-context';

/** What the buyer quotes to the merchant when something went wrong. */
export function OrderNumber({ orderNo }: { orderNo: string }) {
  const { t } = useMessages();
  return (
    <p className="checkout-order-no">
      {t.orderNo}: <span className="checkout-mono">{orderNo}</span>
    </p>
  );
}
