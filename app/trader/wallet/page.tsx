import { chainSettings } from '../../../server/chains/chain-settings';
import { demoChain } from '../../../server/demo/demo-chain';
import { requireUser } from '../../_auth/require-user';
import { DepositAddresses } from '../../_components/wallet/deposit-addresses';
import { DemoSendButton } from '../../_components/wallet/demo-send-button';
import { DepositHistory } from '../../_components/wallet/deposit-history';
import { walletMessages } from '../../_components/wallet/wallet-messages';
import { WithdrawalsSection } from '../../_components/wallet/withdrawals-section';
import { traderMessagesOfRequest, traderPageMetadata } from '../_components/trader-language';
// The withdrawal forms and confirmations are the consoles' shared parts, styled there.
import '../../_components/console/console.css';

export const generateMetadata = () => traderPageMetadata((t) => t.nav.wallet);

/** docs/wallet.md: the trader's deposit address per chain and its deposits, live; and its USDT withdrawals. */
export default async function TraderWalletPage() {
  const user = await requireUser('trader', '/trader/wallet');
  const { lang } = await traderMessagesOfRequest();
  const t = walletMessages[lang];
  // The demo's local chain, where a button sends test USDT (docs/wallet.md, "The demo chain").
  const demo = demoChain()?.chainKey;
  const needed = Object.fromEntries(chainSettings().chains.map((chain) => [chain.key, chain.confirmations]));
  const explorers = Object.fromEntries(chainSettings().chains.map((chain) => [chain.key, chain.explorerTxUrl ?? null]));
  return (
    <section className="trader-page">
      <h1>{t.title}</h1>
      <p className="trader-muted">{t.lead}</p>
      {user.traderId ? <DepositAddresses
          owner={{ type: 'trader', id: user.traderId }}
          lang={lang}
          buttonClass="trader-button is-small"
          extra={(chain) => (chain.key === demo ? <DemoSendButton owner="trader" chain={chain.key} lang={lang} buttonClass="trader-button" /> : null)}
        /> : null}
      <DepositHistory owner="trader" lang={lang} needed={needed} buttonClass="trader-button" />
      {user.traderId ? <WithdrawalsSection owner="trader" lang={lang} canWithdraw askTotp={user.totpEnrolled} explorers={explorers} buttonClass="trader-button" /> : null}
    </section>
  );
}
