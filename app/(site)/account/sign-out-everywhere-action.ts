'use server';

import { headers } from 'next/headers';
import { getDatabase } from '../../../db';
import { signOutEverywhere } from '../../../server/auth/sign-out-everywhere';
import { clientAddressOf } from '../../../server/http/client-address';
import { auth, signOut } from '../../_auth/auth';

/**
 * Ends every session of the signed-in user (docs/security.md), then this browser's cookie too,
 * and sends them to sign in.
 */
export async function signOutEverywhereAction(): Promise<void> {
  const session = await auth();
  if (session) {
    const { db } = await getDatabase();
    await signOutEverywhere(db, session.user, clientAddressOf(await headers()));
  }
  await signOut({ redirectTo: '/sign-in' });
}
