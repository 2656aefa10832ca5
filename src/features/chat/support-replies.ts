import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getMember } from '../../lib/auth-token';
import { startChatOutbox } from './chat-api';
import { unreadRepliesQuery, useChatConfig } from './queries';

/**
 * The signed-in shell's part of the chat: while the chat is on, queued messages are sent without the
 * chat being opened (off, they wait), and support's unread replies are counted for the Contact link
 * (0 on the contact page, where the chat itself shows them).
 */
export function useSupportReplies(onContact: boolean, online: boolean): number {
  const chatOn = !!useChatConfig().config;
  const unread = useQuery({ ...unreadRepliesQuery({ kind: 'member', phone: getMember() }), enabled: chatOn && online && !onContact });
  useEffect(() => {
    if (chatOn) startChatOutbox();
  }, [chatOn]);
  return chatOn && !onContact ? (unread.data ?? 0) : 0;
}
