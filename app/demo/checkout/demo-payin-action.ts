'use server';

import { redirect } from 'next/navigation';
import { env } from '../../../config/env';
import { getDatabase } from '../../../db';
import { createDemoPayin } from '../../../server/demo/create-demo-payin';

/**
 * The checkout demo's button: a pay-in from the demo merchant, then its checkout, as the buyer
 * would open it. Demo mode only; in production the page has no button and this does nothing.
 */
export async function createDemoPayinAction(): Promise<void> {
  if (!env().demo) redirect('/demo/checkout');
  const { db } = await getDatabase();
  const { payUrl } = await createDemoPayin(db);
  // The checkout's own path, so the buyer stays on this server whatever PUBLIC_BASE_URL says.
  redirect(new URL(payUrl, 'http://localhost').pathname);
}
