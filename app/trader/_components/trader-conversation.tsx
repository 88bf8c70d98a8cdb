'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { ConversationPanel } from '../../_components/conversation/conversation-panel';
import { useTRPC } from '../../_trpc/client';
import { useTraderMessages } from './messages-context';

/**
 * The trader's side of a disputed order's conversation (docs/trader-guide.md, "Disputes"). A
 * trader's list may hold several disputed cards: each conversation stays a one-line summary until
 * opened, and opens by itself when the other side wrote something unread or a proposal waits for
 * the trader's answer.
 */
export function TraderConversation({ flow, orderId, orderNo }: { flow: 'payout' | 'payin'; orderId: string; orderNo: string }) {
  const { lang } = useTraderMessages();
  const m = conversationToggleTexts[lang];
  const [open, setOpen] = useState<boolean | null>(null);
  const panelId = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ref = { flow, orderId };
  const conversation = useQuery(trpc.trader.conversation.get.queryOptions(ref));
  const post = useMutation(trpc.trader.conversation.post.mutationOptions());
  const propose = useMutation(trpc.trader.conversation.propose.mutationOptions());
  const answer = useMutation(trpc.trader.conversation.answer.mutationOptions());
  const markRead = useMutation(trpc.trader.conversation.markRead.mutationOptions());
  const { mutateAsync: markReadAsync } = markRead;
  const onMarkRead = useCallback(() => markReadAsync({ flow, orderId }), [markReadAsync, flow, orderId]);
  const loadImage = useCallback((fileId: string) => queryClient.fetchQuery(trpc.trader.conversation.image.queryOptions({ flow, orderId, fileId })), [queryClient, trpc, flow, orderId]);
  const data = conversation.data;
  const unread = data ? data.messages.filter((message) => message.party !== data.you && !message.readBy.includes(data.you)).length : 0;
  const awaitsAnswer = Boolean(data?.settlements.some((settlement) => settlement.status === 'open' && settlement.proposedBy !== data.you));
  if (!data) return null;
  // Decided once, when the conversation first loads (React's state adjusted while rendering):
  // reading it must not close it again.
  if (open === null) setOpen(unread > 0 || awaitsAnswer);
  const shown = open ?? (unread > 0 || awaitsAnswer);
  const toggle = (
    <p className="trader-muted">
      <button type="button" className="trader-button trader-evidence-toggle" aria-expanded={shown} aria-controls={shown ? panelId : undefined} onClick={() => setOpen(!shown)}>
        {shown ? m.hide(orderNo) : m.open(orderNo)}
      </button>{' '}
      {m.summary(data.messages.length, unread)}
    </p>
  );
  if (!shown) return toggle;
  return (
    <div id={panelId}>
      {toggle}
      <ConversationPanel
      lang={lang}
      orderNo={orderNo}
      data={conversation.data}
      actions={{
        post: (input) => post.mutateAsync({ ...ref, ...input }),
        propose: (input) => propose.mutateAsync({ ...ref, ...input }),
        answer: (input) => answer.mutateAsync({ ...ref, ...input }),
        markRead: onMarkRead,
        loadImage,
        // A settlement may close the order: the lists reload with the conversation.
        refresh: () => queryClient.invalidateQueries(),
      }}
    />
    </div>
  );
}

const conversationToggleTexts = {
  en: {
    open: (orderNo: string) => `Open the conversation on ${orderNo}`,
    hide: (orderNo: string) => `Hide the conversation on ${orderNo}`,
    summary: (messages: number, unread: number) => (messages === 0 ? 'No messages yet.' : `${messages} ${messages === 1 ? 'message' : 'messages'}${unread > 0 ? `, ${unread} new` : ''}.`),
  },
  zh: {
    open: (orderNo: string) => `打开订单 ${orderNo} 的对话`,
    hide: (orderNo: string) => `收起订单 ${orderNo} 的对话`,
    summary: (messages: number, unread: number) => (messages === 0 ? '暂无消息。' : `共 ${messages} 条消息${unread > 0 ? `，${unread} 条新消息` : ''}。`),
  },
} as const;
