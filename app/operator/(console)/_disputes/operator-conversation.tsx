'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ConversationPanel } from '../../../_components/conversation/conversation-panel';
import { useTRPC } from '../../../_trpc/client';
import { useOperatorMessages } from '../../_components/messages-context';

/**
 * The operator joins the case's conversation (docs/operator-guide.md, "Conversation"): reads it
 * with the authors' names and writes to both sides. Operators rule rather than settle, so the panel
 * offers no proposals.
 */
export function OperatorConversation({ flow, orderId, onChange }: { flow: 'payout' | 'payin'; orderId: string; onChange: () => Promise<unknown> }) {
  const { lang } = useOperatorMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ref = { flow, orderId };
  const conversation = useQuery(trpc.operator.conversation.get.queryOptions(ref));
  const post = useMutation(trpc.operator.conversation.post.mutationOptions());
  const { mutateAsync: markReadAsync } = useMutation(trpc.operator.conversation.markRead.mutationOptions());
  const onMarkRead = useCallback(() => markReadAsync({ flow, orderId }), [markReadAsync, flow, orderId]);
  const loadImage = useCallback((fileId: string) => queryClient.fetchQuery(trpc.operator.conversation.image.queryOptions({ flow, orderId, fileId })), [queryClient, trpc, flow, orderId]);
  if (!conversation.data) return null;
  return (
    <ConversationPanel
      lang={lang}
      data={conversation.data}
      actions={{
        post: (input) => post.mutateAsync({ ...ref, ...input }),
        markRead: onMarkRead,
        loadImage,
        refresh: () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.operator.conversation.get.queryKey(ref) }), onChange()]),
      }}
    />
  );
}
