import type { Outbox } from '../../lib/outbox';
import { whoKey, type Who } from './chat-api';
import type { ChatItem, ChatPayload } from './chat-outbox';
import type { ChatEntry, ChatMessage } from './types';

/** How the conversation's entries are made: the server's messages in time order, then ours still on their way. */

const time = (m: ChatMessage) => Date.parse(m.createdAt) || 0;
/** The server's ids are numbers in text: '10' comes after '9' (two messages of one moment keep the order they were stored in). */
const byId = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
export const byTime = (a: ChatMessage, b: ChatMessage) => time(a) - time(b) || byId(a._id, b._id);
const isOurs = (item: ChatItem, who: Who) => item.kind === 'chat' && whoKey((item.payload as ChatPayload).who) === whoKey(who);

/**
 * Object URLs of the photos and videos still on their way, so they show before the server has them;
 * each is let go once its message leaves the outbox.
 */
export class LocalUrls {
  private readonly urls = new Map<string, string>();
  of(id: string, file: Blob): string | undefined {
    if (typeof URL.createObjectURL !== 'function') return undefined;
    const url = this.urls.get(id) ?? URL.createObjectURL(file);
    this.urls.set(id, url);
    return url;
  }
  keepOnly(ids: Set<string>) {
    for (const [id, url] of this.urls) {
      if (!ids.has(id)) {
        URL.revokeObjectURL(url);
        this.urls.delete(id);
      }
    }
  }
}

/**
 * The entries: the server's messages (`sorted`, in time order), then ours the server has not shown yet,
 * in the order written. Ours whose server copy is here (same clientMessageId) leave the outbox.
 */
export function entriesOf(sorted: ChatMessage[], outbox: Outbox, who: Who, localUrls: LocalUrls): ChatEntry[] {
  const delivered = new Set(sorted.map((m) => m.clientMessageId).filter((id): id is string => !!id));
  const sessionId = sorted.at(-1)?.session_id ?? '';
  const pending: ChatEntry[] = [];
  const ids = new Set<string>();
  for (const item of outbox.list() as ChatItem[]) {
    if (!isOurs(item, who)) continue;
    if (delivered.has(item.id)) {
      // the server's copy is here: ours has done its work
      if (item.state === 'done' || item.state === 'failed') void outbox.remove(item.id);
      continue;
    }
    ids.add(item.id);
    pending.push(pendingEntry(item, sessionId, outbox.progressOf(item.id), localUrls));
  }
  localUrls.keepOnly(ids);
  return [...sorted.map((m) => ({ key: m.clientMessageId ?? m._id, message: m })), ...pending];
}

/** One of ours on its way, shown as a customer's message with how far it got. */
function pendingEntry(item: ChatItem, sessionId: string, progress: number | undefined, localUrls: LocalUrls): ChatEntry {
  const p = item.payload;
  const file = 'file' in p;
  const message: ChatMessage = {
    _id: item.id,
    clientMessageId: item.id,
    sender: 'customer',
    message: file ? { message_type: 'media', payload: { fileType: p.fileType, filePath: '', name: p.name } } : p.message,
    userId: null,
    guestId: null,
    username: '',
    name: '',
    createdAt: new Date(item.createdAt).toISOString(),
    session_id: sessionId,
    read: true,
  };
  const localUrl = file ? localUrls.of(item.id, p.file) : undefined;
  const deliver: ChatEntry['deliver'] =
    item.state === 'failed'
      ? { status: 'failed', code: item.code }
      : item.state === 'done'
        ? { status: 'succeed' }
        : file && item.state === 'sending' && (progress ?? 0) < 100
          ? { status: 'uploading_file', progress: progress ?? 0 }
          : { status: 'sending' };
  return { key: item.id, message, deliver, localUrl };
}
