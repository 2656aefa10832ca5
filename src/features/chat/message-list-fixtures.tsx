import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { PartLoaders } from '../../lib/i18n';
import { MessageList, type MessageListProps } from './message-list';
import type { ChatEntry, ChatMessage } from './types';

/** The chat catalog, as the widget's chunk loads it. */
export const CHAT_CATALOG: PartLoaders = {
  th: () => import('../../locales/th/chat.po'),
  la: () => import('../../locales/la/chat.po'),
  en: () => import('../../locales/en/chat.po'),
};

let serial = 0;
export interface EntryOptions {
  key?: string;
  sender?: ChatMessage['sender'];
  name?: string;
  type?: string;
  payload?: unknown;
  payloads?: ChatMessage['message']['payloads'];
  createdAt?: string;
  session?: string;
  deliver?: ChatEntry['deliver'];
  localUrl?: string;
  /** an agent's reply: the agent's name */
  agentName?: string | null;
}

/** One row of the conversation; by default a support text of today in session s1. */
export function entry(o: EntryOptions = {}): ChatEntry {
  const key = o.key ?? `k${++serial}`;
  return {
    key,
    message: {
      _id: key,
      clientMessageId: null,
      sender: o.sender ?? 'agent',
      message: { message_type: o.type ?? 'text', payload: o.payload ?? { message: `message ${key}` }, payloads: o.payloads },
      userId: '1',
      guestId: null,
      username: '0812345678',
      name: o.name ?? '',
      createdAt: o.createdAt ?? new Date().toISOString(),
      session_id: o.session ?? 's1',
      read: true,
      agentName: o.agentName ?? null,
    },
    deliver: o.deliver,
    localUrl: o.localUrl,
  };
}

export function showList(entries: ChatEntry[], more: Partial<MessageListProps> = {}) {
  const props: MessageListProps = {
    entries,
    prefix: 'https://chat.example',
    hasOlder: false,
    loadingOlder: false,
    onLoadOlder: vi.fn(),
    onReply: vi.fn(),
    onRetry: vi.fn(),
    onDiscard: vi.fn(),
    ...more,
  };
  const view = (p: MessageListProps) => (
    <I18nProvider i18n={i18n}>
      <MessageList {...p} />
    </I18nProvider>
  );
  const result = render(view(props));
  const update = (next: Partial<MessageListProps>) => {
    Object.assign(props, next);
    result.rerender(view(props));
  };
  return { ...result, props, update };
}
