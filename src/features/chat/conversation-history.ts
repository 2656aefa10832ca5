import { readKey, writeKey } from '../../lib/storage';
import { canSendAs, fetchHistory, HISTORY_PAGE, whoKey, type Who } from './chat-api';
import type { ChatMessage } from './types';

/** The conversation's history: the copy saved on the device for offline reading, and catching up with the server. */

/** After a gap (socket down, a saved copy), pages asked to meet what is already here. */
const MAX_CATCH_UP_PAGES = 10;
/** How much of the conversation is saved on the device for offline reading. */
const SAVED_MESSAGES = 50;

interface Saved {
  /** the member (by phone) or guest it was saved for: another sign-in on this device does not see it */
  owner: string;
  messages: ChatMessage[];
  total: number;
  syncedAt: number;
}

const cacheKey = (who: Who) => (who.kind === 'member' ? 'chat:member' : 'chat:guest');

/** The saved copy, when it is this member's or guest's. */
export async function readSaved(who: Who): Promise<Omit<Saved, 'owner'> | undefined> {
  const saved = await readKey<Saved>(cacheKey(who));
  return saved?.owner === whoKey(who) && Array.isArray(saved.messages) ? saved : undefined;
}

/** Saves the newest messages (`sorted` is in time order) for offline reading. */
export function saveCopy(who: Who, sorted: ChatMessage[], total: number, syncedAt: number): void {
  void writeKey(cacheKey(who), { owner: whoKey(who), messages: sorted.slice(-SAVED_MESSAGES), total, syncedAt } satisfies Saved);
}

/**
 * The newest page; when `known` had messages (a gap: the socket was down, the copy is a saved one),
 * further pages until one meets a message already known. `joined` false: the gap was wider than the
 * catch-up. Undefined when the member signed out (or another signed in) meanwhile.
 */
export async function catchUp(who: Who, known: ReadonlyMap<string, ChatMessage>) {
  const fetched = new Map<string, ChatMessage>();
  let before: string | undefined;
  let joined = known.size === 0;
  let total = 0;
  for (let pages = 0; pages < MAX_CATCH_UP_PAGES; pages += 1) {
    const page = await fetchHistory(who, before);
    if (!canSendAs(who)) return undefined; // not this conversation's answer
    page.messages.forEach((m) => fetched.set(m._id, m));
    total = page.total;
    joined ||= page.messages.some((m) => known.has(m._id));
    if (joined || page.messages.length < HISTORY_PAGE) {
      joined = true;
      break;
    }
    before = page.messages.at(-1)?._id;
  }
  return { fetched, total, joined };
}
