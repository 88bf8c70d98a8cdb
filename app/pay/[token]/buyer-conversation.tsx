'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ConversationPanel } from '../../_components/conversation/conversation-panel';
import { useTRPC } from '../../_trpc/client';
import { useMessages } from './messages-context';

/** The buyer's side of its disputed pay-in's conversation with the trader (docs/operator-guide.md, "Conversation"). */
export function BuyerConversation({ token }: { token: string }) {
  const { lang } = useMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const conversation = useQuery(trpc.checkout.conversation.get.queryOptions({ token }));
  const post = useMutation(trpc.checkout.conversation.post.mutationOptions());
  const propose = useMutation(trpc.checkout.conversation.propose.mutationOptions());
  const answer = useMutation(trpc.checkout.conversation.answer.mutationOptions());
  const { mutateAsync: markReadAsync } = useMutation(trpc.checkout.conversation.markRead.mutationOptions());
  const onMarkRead = useCallback(() => markReadAsync({ token }), [markReadAsync, token]);
  const loadImage = useCallback((fileId: string) => queryClient.fetchQuery(trpc.checkout.conversation.image.queryOptions({ token, fileId })), [queryClient, trpc, token]);
  if (!conversation.data) return null;
  return (
    <ConversationPanel
      lang={lang}
      data={conversation.data}
      actions={{
        post: (input) => post.mutateAsync({ token, ...input }),
        propose: (input) => propose.mutateAsync({ token, ...input }),
        answer: (input) => answer.mutateAsync({ token, ...input }),
        markRead: onMarkRead,
        loadImage,
        // An accepted settlement closes the order: the checkout's view reloads with the conversation.
        refresh: () => queryClient.invalidateQueries(),
      }}
    />
  );
}
