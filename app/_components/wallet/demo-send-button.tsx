'use client';

import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../_trpc/client';
import type { Lang } from '../../pay/[token]/language';
import { ErrorLine } from '../console/error-line';
import { PageLangProvider } from '../page-lang';
import { walletMessages } from './wallet-messages';

/** Demo only: asks the server to send test USDT from the demo funder to this owner's address on the demo chain. */
export function DemoSendButton({ owner, chain, lang, buttonClass }: { owner: 'merchant' | 'trader'; chain: string; lang: Lang; buttonClass: string }) {
  const t = walletMessages[lang];
  const trpc = useTRPC();
  const merchant = useMutation(trpc.merchantWallet.sendTestUsdt.mutationOptions());
  const trader = useMutation(trpc.trader.sendTestUsdt.mutationOptions());
  const send = owner === 'merchant' ? merchant : trader;
  return (
    <div className="wallet-demo">
      <p>{t.demoNote}</p>
      <button type="button" className={buttonClass} disabled={send.isPending} onClick={() => send.mutate({ chain })}>
        {send.isPending ? t.demoSending : t.demoSend}
      </button>
      <p role="status">{send.isSuccess ? t.demoSent : ''}</p>
      <PageLangProvider lang={lang}>
        <ErrorLine error={send.error} />
      </PageLangProvider>
    </div>
  );
}
