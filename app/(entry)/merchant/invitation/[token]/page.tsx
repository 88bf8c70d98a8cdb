import type { Metadata } from 'next';
import { TrpcProvider } from '../../../../_trpc/client';
import { merchantLangOfRequest } from '../../../../merchant/_components/merchant-language';
import { merchantMessages } from '../../../../merchant/_components/messages';
import { MerchantLanguageToggle, MerchantMessagesProvider } from '../../../../merchant/_components/messages-context';
import { htmlLang } from '../../../../pay/[token]/language';
import { AcceptInvitation } from './accept-invitation';
import '../../../../_components/console/console.css';

export const metadata: Metadata = { title: 'Join a merchant team', robots: { index: false }, referrer: 'no-referrer' };

/** The one-time link's page: no session needed; the token in the path is the whole grant. */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const lang = await merchantLangOfRequest();
  return (
    <MerchantMessagesProvider lang={lang}>
      <section className="narrow console is-single" lang={htmlLang(lang)}>
        <div>
          <MerchantLanguageToggle />
          <h1>{merchantMessages[lang].invitation.title}</h1>
          <TrpcProvider>
            <AcceptInvitation token={token} />
          </TrpcProvider>
        </div>
      </section>
    </MerchantMessagesProvider>
  );
}
