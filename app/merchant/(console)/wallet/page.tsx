import type { Metadata } from 'next';
import { chainSettings } from '../../../../server/chains/chain-settings';
import { requireMerchantUser } from '../../../_auth/require-merchant-user';
import { DepositAddresses } from '../../../_components/wallet/deposit-addresses';
import { DepositHistory } from '../../../_components/wallet/deposit-history';
import { walletMessages } from '../../../_components/wallet/wallet-messages';
import { merchantLangOfRequest } from '../../_components/merchant-language';

export const metadata: Metadata = { title: 'Wallet · Merchant console', robots: { index: false } };

/** docs/wallet.md: the merchant's deposit address per chain and its deposits, live. */
export default async function MerchantWalletPage() {
  const user = await requireMerchantUser('/merchant/wallet', 'balance.read');
  const lang = await merchantLangOfRequest();
  const t = walletMessages[lang];
  const needed = Object.fromEntries(chainSettings().chains.map((chain) => [chain.key, chain.confirmations]));
  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <DepositAddresses owner={{ type: 'merchant', id: user.merchantId }} lang={lang} buttonClass="button" />
      <DepositHistory owner="merchant" lang={lang} needed={needed} buttonClass="button" />
    </>
  );
}
