'use client';

import { useEffect, useState } from 'react';
import { ErrorLine } from '../console/error-line';
import { PageLangProvider } from '../page-lang';
import type { Lang } from '../../pay/[token]/language';
import { WithdrawalAddressBook } from './withdrawal-address-book';
import { WithdrawalHistory } from './withdrawal-history';
import { useWithdrawalApi } from './withdrawal-owner-api';
import { WithdrawalRequestForm } from './withdrawal-request-form';
import { withdrawalsMessages } from './withdrawals-messages';

const PAGE_SIZE = 10;
/** The clock the cool-downs are read against moves on by itself, so an address becomes usable in place. */
const CLOCK_MS = 15_000;

/**
 * The Wallet page's withdrawals (docs/wallet.md, "Withdrawals"): the address book, the request
 * form and the live history. `canWithdraw` false (a merchant role without wallet.withdraw) shows
 * them read-only; the server refuses the calls either way.
 */
export function WithdrawalsSection({
  owner,
  lang,
  canWithdraw,
  askTotp,
  explorers,
  buttonClass,
}: {
  owner: 'merchant' | 'trader';
  lang: Lang;
  canWithdraw: boolean;
  /** Whether adding an address asks for an authenticator code (merchant owners always; a trader with a second factor). */
  askTotp: boolean;
  explorers: Record<string, string | null>;
  buttonClass: string;
}) {
  const t = withdrawalsMessages[lang];
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const api = useWithdrawalApi(owner, { limit: PAGE_SIZE, ...(cursor ? { startingAfter: cursor } : {}) });
  const [now, setNow] = useState(() => Date.now());
  const [requested, setRequested] = useState('');
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  // A fresh book is read against a clock at least as new as the read: a 0-hour cool-down (the demo)
  // is usable at once, not after the next tick.
  const clock = Math.max(now, api.addresses.dataUpdatedAt);
  const chains = api.chains.data?.items ?? [];
  const chainNames = Object.fromEntries(chains.map((chain) => [chain.chain, chain.name]));
  const history = api.withdrawals.data;

  return (
    <PageLangProvider lang={lang}>
      <section className="wallet-withdrawals" aria-labelledby="withdrawals-heading">
        <h2 id="withdrawals-heading">{t.heading}</h2>
        <p>{t.lead}</p>
        {canWithdraw ? null : <p className="console-hint">{t.readOnly}</p>}
        <ErrorLine error={api.chains.error ?? api.addresses.error} />
        {api.chains.isPending || api.addresses.isPending ? <p aria-busy="true">{t.loading}</p> : null}
        {api.chains.data && chains.length === 0 ? <p className="console-empty">{t.noChains}</p> : null}
        <WithdrawalAddressBook
          lang={lang}
          addresses={api.addresses.data?.items}
          chains={chains}
          canEdit={canWithdraw}
          askTotp={askTotp}
          now={clock}
          buttonClass={buttonClass}
          adding={api.addAddress.isPending}
          addError={api.addAddress.error}
          removeError={api.removeAddress.error}
          onAdd={(input, done) => api.addAddress.mutate(input, { onSuccess: (added) => done(added) })}
          onRemove={(addressId, done) => api.removeAddress.mutate({ addressId }, { onSuccess: done })}
        />
        {canWithdraw && api.addresses.data && chains.length > 0 ? (
          <WithdrawalRequestForm
            lang={lang}
            chains={chains}
            addresses={api.addresses.data.items}
            now={clock}
            buttonClass={buttonClass}
            pending={api.request.isPending}
            error={api.request.error}
            onRequest={(input, done) =>
              api.request.mutate(input, {
                onSuccess: (withdrawal) => {
                  setRequested(t.requested(t.states[withdrawal.state] ?? withdrawal.state));
                  setCursors([]);
                  done();
                },
              })
            }
          />
        ) : null}
        <p role="status" className="console-status">
          {requested}
        </p>

        <h3 id="withdrawal-history-heading">{t.history}</h3>
        <p>{t.historyLead}</p>
        <ErrorLine error={api.withdrawals.error} />
        {api.withdrawals.isPending ? <p aria-busy="true">{t.loading}</p> : null}
        <WithdrawalHistory lang={lang} items={history?.items} chainNames={chainNames} explorers={explorers} />
        {history && (cursors.length > 0 || history.hasMore) ? (
          <nav className="button-row" aria-label={t.history}>
            <button type="button" className={buttonClass} disabled={cursors.length === 0} onClick={() => setCursors([])}>
              {t.firstPage}
            </button>
            <button type="button" className={buttonClass} disabled={!history.nextCursor} onClick={() => history.nextCursor && setCursors([...cursors, history.nextCursor])}>
              {t.older}
            </button>
          </nav>
        ) : null}
      </section>
    </PageLangProvider>
  );
}
