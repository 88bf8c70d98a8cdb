import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { totpRequiredFor } from '../../../server/merchant-team/merchant-permissions';
import { requireMerchantUser } from '../../_auth/require-merchant-user';
import { TrpcProvider } from '../../_trpc/client';
import { merchantMessages } from '../_components/messages';
import { MerchantEnrolForm } from './enrol-form';
import '../../operator/operator.css';

const t = merchantMessages.enrol;

export const metadata: Metadata = { title: 'Set up your second factor', robots: { index: false } };

/**
 * The only page an owner or developer without a second factor can open (requireMerchantUser);
 * finance and support may enrol here too, by choice.
 */
export default async function MerchantEnrolPage() {
  const user = await requireMerchantUser('/merchant/enrol');
  if (user.totpEnrolled) redirect('/merchant');
  return (
    <section className="narrow console is-single">
      <div>
        <h1>{t.title}</h1>
        <p className="lead">{totpRequiredFor(user.merchantRole) ? t.lead : t.leadOptional}</p>
        <TrpcProvider>
          <MerchantEnrolForm />
        </TrpcProvider>
      </div>
    </section>
  );
}
