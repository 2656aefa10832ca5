import type { ChatMessage } from '../../../contract/chat';

/** §3 Chat payloads: the server's schemas (contract/chat.ts), as history and the `messaging` event give them. */
export type { ChatButton, ChatMessage, GenericElement, QuickReply } from '../../../contract/chat';

/** §3 Media delivery statuses of a message still in the outbox. */
export type DeliverStatus = 'uploading_file' | 'sending' | 'failed' | 'succeed';

/**
 * One row of the conversation as the widget shows it: a stored message, or one of ours still in the
 * outbox (then `deliver` says where it is, and `localUrl` shows a picked file before it is uploaded).
 */
export interface ChatEntry {
  /** stable across the outbox and the server's copy: the client message id, else the server's _id */
  key: string;
  message: ChatMessage;
  deliver?: { status: DeliverStatus; progress?: number; code?: string };
  localUrl?: string;
}
