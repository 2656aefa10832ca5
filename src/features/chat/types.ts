/** §3 Chat payloads, as the server's history and `messaging` event give them (server/src/modules/chat/schemas.ts). */
export interface ChatButton {
  title: string;
  type: 'web' | 'call' | 'postback';
  payload: string;
}
export interface GenericElement {
  image_url: string;
  title: string;
  subtitle: string;
  buttons: ChatButton[];
}
export interface QuickReply {
  title: string;
  payload: string;
}
/** §3 Media delivery statuses. */
export type DeliverStatus = 'uploading_file' | 'sending' | 'failed' | 'succeed';

export interface ChatMessage {
  _id: string;
  clientMessageId: string | null;
  /** 'customer' is the member or guest; anything else (agent, bot) is support. */
  sender: string;
  message: {
    /** text, media, postback, buttons, quick_replies, generic; anything else is shown as unknown */
    message_type: string;
    payload?: unknown;
    /** generic: the carousel's cards */
    payloads?: GenericElement[];
    deliver?: { id?: string; status?: string; progress?: number };
  };
  userId: string | null;
  guestId: string | null;
  username: string;
  name: string;
  /** ISO date-time */
  createdAt: string;
  session_id: string;
  read: boolean;
}

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
