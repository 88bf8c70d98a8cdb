import type { ReactNode } from 'react';
import { getDatabase } from '../../../db';
import { chainSettings } from '../../../server/chains/chain-settings';
import { chainDepositAddress } from '../../../server/deposits/chain-deposit-address';
import type { DepositOwner } from '../../../server/deposits/deposit-address';
import type { Lang } from '../../pay/[token]/language';
import { addressQrCode } from './address-qr-code';
import { CopyAddress } from './copy-address';
import { walletMessages } from './wallet-messages';

/**
 * The owner's deposit address on every chain this deployment watches (docs/wallet.md), each with
 * its QR code, the chain's name and what to send; made on first view, the same ever after. With no
 * chain configured, how to configure one. `extra` adds a control under an address (the demo's
 * "send test USDT").
 */
export async function DepositAddresses({
  owner,
  lang,
  buttonClass,
  extra,
}: {
  owner: DepositOwner;
  lang: Lang;
  buttonClass: string;
  extra?: (chain: { key: string; network: string }, address: string) => ReactNode;
}) {
  const t = walletMessages[lang];
  const { chains } = chainSettings();
  if (chains.length === 0) {
    return (
      <section className="wallet-card" aria-labelledby="wallet-no-chain" data-testid="wallet-no-chain">
        <h2 id="wallet-no-chain">{t.noChainTitle}</h2>
        <p>{t.noChain}</p>
      </section>
    );
  }
  const database = (await getDatabase()).db;
  const cards = await Promise.all(
    chains.map(async (chain) => {
      try {
        const address = await chainDepositAddress(database, { owner, chainKey: chain.key, settings: chainSettings() });
        return { chain, address, qr: await addressQrCode(address.address) };
      } catch {
        return { chain, address: null, qr: null };
      }
    }),
  );
  return (
    <div className="wallet-addresses">
      {cards.map(({ chain, address, qr }) => (
        <section key={chain.key} className="wallet-card" aria-labelledby={`wallet-${chain.key}`} data-testid={`wallet-address-${chain.key}`}>
          <h2 id={`wallet-${chain.key}`}>{t.addressHeading(chain.name)}</h2>
          <p className="wallet-warning" role="note">
            <strong>{t.sendOnly(chain.name)}</strong>
            {chain.network !== 'mainnet' ? ` ${t.testNetwork}` : ''}
          </p>
          {address && qr ? (
            <div className="wallet-address-body">
              {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made on the server, nothing to optimise */}
              <img className="wallet-qr" src={qr} width={180} height={180} alt={t.qrAlt(chain.name)} />
              <div>
                <p>
                  {t.address}
                  <br />
                  <code className="wallet-address mono" data-testid="deposit-address" translate="no">
                    {address.address}
                  </code>
                </p>
                <p className="wallet-copy">
                  <CopyAddress address={address.address} lang={lang} buttonClass={buttonClass} />
                </p>
                <p>
                  {t.contract}: <code className="mono">{address.token.contract}</code>
                </p>
                <p>
                  {t.confirmationsNeeded(address.confirmations)} {t.minimum(address.minimumDeposit)} {t.sameAddress}
                </p>
                {extra?.(chain, address.address)}
              </div>
            </div>
          ) : (
            <p role="alert">{t.unavailable}</p>
          )}
        </section>
      ))}
    </div>
  );
}
