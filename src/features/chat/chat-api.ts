import { api, ApiError } from '../../lib/api';
import { getMember, getToken } from '../../lib/auth-token';
import { currentLocale } from '../../lib/i18n';
import { readKey, writeKey } from '../../lib/storage';
import { uploadFile } from '../../lib/upload';
import type {
  ChatMessage,
  CustomerMessage,
  HistoryBody,
  HistoryResponse,
  ReadBody,
  ReadResponse,
  SendMessageBody,
  SendMessageResponse,
  UnreadResponse,
  UploadResponse,
} from '../../../contract/chat';

/**
 * Whose conversation: a bearer token means the member's own (the server decides), else this device's
 * guest id. A member is told apart by the phone they signed in with, so what one member left waiting on
 * a shared phone is never shown to, or sent as, another.
 */
export type Who = { kind: 'member'; phone: string } | { kind: 'guest'; guestId: string };
export const whoKey = (who: Who) => (who.kind === 'member' ? `member:${who.phone}` : `guest:${who.guestId}`);
export const currentWho = (guestId: string): Who => (getToken() ? { kind: 'member', phone: getMember() } : { kind: 'guest', guestId });
/** A member's message goes only while that member is signed in; a guest's goes without any token. */
export const canSendAs = (who: Who) => who.kind === 'guest' || (!!getToken() && getMember() === who.phone);
const ids = (who: Who): ReadBody => ({ userId: null, guestId: who.kind === 'guest' ? who.guestId : null });
const asGuest = (who: Who) => who.kind === 'guest';

/**
 * Starts the chat's outbox (once per page load): messages written earlier, offline or before a reload,
 * are sent when the connection is there, without the chat being opened. The signed-in shell and the
 * contact page's chat call it. Its own small chunk: it sends over HTTP, socket.io stays with the open chat.
 */
export function startChatOutbox(): void {
  // in a task of its own: not in the one that draws the screen calling it (that screen's effects run together)
  setTimeout(() => void import('./chat-outbox').then(({ chatOutbox }) => chatOutbox.start()).catch(() => undefined), 0);
}

/** A stable id for a visitor who is not signed in, made once per device and kept in IndexedDB (§3 key `guest-id`). */
export async function guestId(): Promise<string> {
  const existing = await readKey<string>('guest-id');
  if (existing) return existing;
  const id = `guest-${crypto.randomUUID()}`;
  await writeKey('guest-id', id);
  return id;
}

/** §9 chat history page size. */
export const HISTORY_PAGE = 10;

/**
 * Where media paths are opened: PREFIX when it is this site's own address (the page's CSP allows only
 * that), else the path as it is, on this origin (PREFIX names the server's configured public address,
 * which a phone on another name for the same server could not load).
 */
export function mediaBase(prefix: string | undefined): string {
  try {
    return prefix && new URL(prefix).origin === window.location.origin ? prefix.replace(/\/$/, '') : '';
  } catch {
    return '';
  }
}

export type HistoryPage = HistoryResponse;
/** A page of history, newest first: the newest, or (`before`, a message _id) the ones older than it. */
export const fetchHistory = (who: Who, before?: string, signal?: AbortSignal) =>
  api<HistoryPage>('/api/chat/history', {
    body: { ...ids(who), limit: HISTORY_PAGE, before } satisfies HistoryBody,
    signal,
    anonymous: asGuest(who),
  });

/** A message of support's (an agent's or the greeter's) that the customer has not read. */
export const isUnreadReply = (m: Pick<ChatMessage, 'sender' | 'read'>) => m.sender !== 'customer' && !m.read;

/** How many of support's replies (agents' and the greeter's) the customer has not read. */
export const fetchUnread = async (who: Who) =>
  (await api<UnreadResponse>('/api/chat/unread', { body: ids(who), anonymous: asGuest(who) })).unread;

export const markRead = (who: Who) =>
  api<ReadResponse>('/api/chat/read-customer/', { method: 'PUT', body: ids(who), anonymous: asGuest(who) });

/** What a customer sends (§3 Chat payloads): text, a tap on a postback button or quick reply, or media. */
export type OutgoingMessage = CustomerMessage;

/** The page the customer writes from, for the agent beside a guest's conversation: only a plain path (never a query). */
function currentPage(): string | undefined {
  const path = typeof location === 'undefined' ? '' : location.pathname;
  return path.length <= 200 && /^\/[A-Za-z0-9/_.-]*$/.test(path) ? path : undefined;
}

/**
 * A member's message goes only under that member's session, read as it goes: the session may have ended
 * between the outbox's look and now (another call was just told 'invalid-token'). Then it is not sent
 * without a token (a guest's message with no guest: refused for good) but waits for the sign-in.
 */
function stillSignedInAs(who: Who): void {
  if (!canSendAs(who)) throw new ApiError('invalid-token', 401);
}

export async function sendMessage(who: Who, clientMessageId: string, message: OutgoingMessage, createdAt: number, signal?: AbortSignal) {
  stillSignedInAs(who);
  const page = currentPage();
  return api<SendMessageResponse>('/api/chat/send-message', {
    body: {
      sender: 'customer',
      message,
      clientMessageId,
      ...ids(who),
      createdAt: new Date(createdAt).toISOString(),
      lang: currentLocale(),
      ...(page ? { page } : {}),
    } satisfies SendMessageBody,
    signal,
    anonymous: asGuest(who),
  });
}

export const uploadMedia = async (
  who: Who,
  kind: 'image' | 'video',
  file: Blob,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
) => {
  stillSignedInAs(who);
  return uploadFile<UploadResponse>(`/api/chat/upload-${kind}`, file, { onProgress, signal, anonymous: asGuest(who) });
};
