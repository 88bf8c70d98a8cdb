'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ConversationPanel } from '../../_components/conversation/conversation-panel';
import { useTRPC } from '../../_trpc/client';
import { useTraderMessages } from './messages-context';

/** The trader's side of a disputed order's conversation (docs/trader-guide.md, "Disputes"). */
export function TraderConversation({ flow, orderId, orderNo }: { flow: 'payout' | 'payin'; orderId: string; orderNo: string }) {
  const { lang } = useTraderMessages();
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
  if (!conversation.data) return null;
  return (
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
  );
}
