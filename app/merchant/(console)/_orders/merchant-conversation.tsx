'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { ConversationPanel } from '../../../_components/conversation/conversation-panel';
import { useTRPC } from '../../../_trpc/client';
import { useMerchantMessages } from '../../_components/messages-context';

/**
 * The merchant's side of a disputed order's conversation (docs/merchant-guide.md, "The order
 * page"). `canSpeak`: the role may decide (orders.decide); others read only.
 */
export function MerchantConversation({ flow, orderId, canSpeak }: { flow: 'payout' | 'payin'; orderId: string; canSpeak: boolean }) {
  const { lang } = useMerchantMessages();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const ref = { flow, orderId };
  const conversation = useQuery(trpc.merchantConversation.get.queryOptions(ref));
  const post = useMutation(trpc.merchantConversation.post.mutationOptions());
  const propose = useMutation(trpc.merchantConversation.propose.mutationOptions());
  const answer = useMutation(trpc.merchantConversation.answer.mutationOptions());
  const { mutateAsync: markReadAsync } = useMutation(trpc.merchantConversation.markRead.mutationOptions());
  const onMarkRead = useCallback(() => markReadAsync({ flow, orderId }), [markReadAsync, flow, orderId]);
  const loadImage = useCallback((fileId: string) => queryClient.fetchQuery(trpc.merchantConversation.image.queryOptions({ flow, orderId, fileId })), [queryClient, trpc, flow, orderId]);
  if (!conversation.data) return null;
  const data = canSpeak ? conversation.data : { ...conversation.data, canWrite: false, canPropose: false, answerable: null };
  return (
    <ConversationPanel
      lang={lang}
      data={data}
      actions={{
        post: (input) => post.mutateAsync({ ...ref, ...input }),
        propose: (input) => propose.mutateAsync({ ...ref, ...input }),
        answer: (input) => answer.mutateAsync({ ...ref, ...input }),
        markRead: onMarkRead,
        loadImage,
        // An accepted settlement closes the order: the server-rendered page reloads too.
        refresh: async () => {
          await queryClient.invalidateQueries({ queryKey: trpc.merchantConversation.get.queryKey(ref) });
          router.refresh();
        },
      }}
    />
  );
}
