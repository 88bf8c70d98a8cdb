import type { Metadata } from 'next';
import { TrpcProvider } from '../../../_trpc/client';
import { merchantMessages } from '../../_components/messages';
import { AcceptInvitation } from './accept-invitation';
import '../../../operator/operator.css';

export const metadata: Metadata = { title: 'Join a merchant team', robots: { index: false }, referrer: 'no-referrer' };

/** The one-time link's page: no session needed; the token in the path is the whole grant. */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <section className="narrow console is-single">
      <div>
        <h1>{merchantMessages.invitation.title}</h1>
        <TrpcProvider>
          <AcceptInvitation token={token} />
        </TrpcProvider>
      </div>
    </section>
  );
}
