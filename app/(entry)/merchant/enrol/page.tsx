import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { totpRequiredFor } from '../../../../server/merchant-team/merchant-permissions';
import { requireMerchantUser } from '../../../_auth/require-merchant-user';
import { TrpcProvider } from '../../../_trpc/client';
import { merchantLangOfRequest } from '../../../merchant/_components/merchant-language';
import { merchantMessages } from '../../../merchant/_components/messages';
import { MerchantLanguageToggle, MerchantMessagesProvider } from '../../../merchant/_components/messages-context';
import { htmlLang } from '../../../pay/[token]/language';
import { MerchantEnrolForm } from './enrol-form';
import '../../../_components/console/console.css';

export const metadata: Metadata = { title: 'Set up your second factor', robots: { index: false } };

/**
 * The only page an owner or developer without a second factor can open (requireMerchantUser);
 * finance and support may enrol here too, by choice.
 */
export default async function MerchantEnrolPage() {
  const user = await requireMerchantUser('/merchant/enrol');
  if (user.totpEnrolled) redirect('/merchant');
  const lang = await merchantLangOfRequest();
  const t = merchantMessages[lang].enrol;
  return (
    <MerchantMessagesProvider lang={lang}>
      <section className="narrow console is-single" lang={htmlLang(lang)}>
        <div>
          <h1>{t.title}</h1>
          <p className="lead">{totpRequiredFor(user.merchantRole) ? t.lead : t.leadOptional}</p>
          <TrpcProvider>
            <MerchantEnrolForm />
          </TrpcProvider>
          <MerchantLanguageToggle />
        </div>
      </section>
    </MerchantMessagesProvider>
  );
}
