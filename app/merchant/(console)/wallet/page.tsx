import type { Metadata } from 'next';
import { chainSettings } from '../../../../server/chains/chain-settings';
import { demoChain } from '../../../../server/demo/demo-chain';
import { requireMerchantUser } from '../../../_auth/require-merchant-user';
import { DepositAddresses } from '../../../_components/wallet/deposit-addresses';
import { DemoSendButton } from '../../../_components/wallet/demo-send-button';
import { DepositHistory } from '../../../_components/wallet/deposit-history';
import { walletMessages } from '../../../_components/wallet/wallet-messages';
import { WithdrawalsSection } from '../../../_components/wallet/withdrawals-section';
import { hasMerchantPermission } from '../../../../server/merchant-team/merchant-permissions';
import { merchantLangOfRequest } from '../../_components/merchant-language';

export const metadata: Metadata = { title: 'Wallet · Merchant console', robots: { index: false } };

/** docs/wallet.md: the merchant's deposit address per chain and its deposits, live; and its USDT withdrawals. */
export default async function MerchantWalletPage() {
  const user = await requireMerchantUser('/merchant/wallet', 'balance.read');
  const lang = await merchantLangOfRequest();
  const t = walletMessages[lang];
  // The demo's local chain, where a button sends test USDT (docs/wallet.md, "The demo chain").
  const demo = demoChain()?.chainKey;
  const needed = Object.fromEntries(chainSettings().chains.map((chain) => [chain.key, chain.confirmations]));
  const explorers = Object.fromEntries(chainSettings().chains.map((chain) => [chain.key, chain.explorerTxUrl ?? null]));
  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <DepositAddresses
        owner={{ type: 'merchant', id: user.merchantId }}
        lang={lang}
        buttonClass="button"
        extra={(chain) => (chain.key === demo ? <DemoSendButton owner="merchant" chain={chain.key} lang={lang} buttonClass="button is-primary" /> : null)}
      />
      <DepositHistory owner="merchant" lang={lang} needed={needed} buttonClass="button" />
      <WithdrawalsSection
        owner="merchant"
        lang={lang}
        canWithdraw={hasMerchantPermission(user.merchantRole, 'wallet.withdraw')}
        askTotp
        explorers={explorers}
        buttonClass="button"
      />
    </>
  );
}
