import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatConfigResponse } from '../../../contract/chat';
import type { ChatWidgetResponse } from '../../../contract/lookup';
import { api } from '../../lib/api';
import { lookup } from '../../lib/lookups';
import { fetchUnread, whoKey, type Who } from './chat-api';

export type ChatConfig = ChatConfigResponse;

export const chatKeys = {
  /** kept with the lookups (key 'lookup'), so it is saved for offline use and not dropped at sign-out */
  config: ['lookup', 'chat-config'] as const,
  unread: (who: Who) => ['chat', 'unread', whoKey(who)] as const,
};

/** The `enableChatWidget` lookup: with the chat config's answer, whether the contact page shows the chat (§2). */
export const chatWidgetQuery = () => lookup<ChatWidgetResponse>('enableChatWidget');

/** §3 Chat config: answered only while the chat backend is on (else 404 and the contact page keeps the link). */
export const chatConfigQuery = () =>
  queryOptions({ queryKey: chatKeys.config, queryFn: () => api<ChatConfig>('/api/chat/config'), staleTime: 5 * 60_000 });

/**
 * §2 Whether the chat is offered: the `enableChatWidget` lookup is on and the chat backend answers its
 * config (`config`, else undefined); `pending` while either is still being asked.
 */
export function useChatConfig() {
  const widget = useQuery(chatWidgetQuery());
  const on = widget.data?.enableChatWidget === true;
  const config = useQuery({ ...chatConfigQuery(), enabled: on, retry: false });
  return { config: on ? config.data : undefined, pending: widget.isPending || (on && config.isPending) };
}

/**
 * How many of support's replies (agents' and the greeter's) the customer has not read: the member's
 * menu and the chat button show it while the chat is closed. Asked when the app starts, at once when support
 * replies (the member's live `chat` event, lib/member/live-cache.ts), and each minute while in view (a guest
 * has no live events); an open conversation writes its own count here (it knows what was just read).
 */
export const unreadRepliesQuery = (who: Who) =>
  queryOptions({
    queryKey: chatKeys.unread(who),
    queryFn: () => fetchUnread(who),
    staleTime: 30_000,
    refetchInterval: 60_000,
    meta: { persist: false },
  });
