import { io, type Socket } from 'socket.io-client';
import { isApiError, reactTo } from '../../lib/api';
import { getToken } from '../../lib/auth-token';
import type { Outbox } from '../../lib/outbox';
import { readKey, writeKey } from '../../lib/storage';
import { canSendAs, fetchHistory, HISTORY_PAGE, isUnreadReply, markRead, whoKey, type Who } from './chat-api';
import { chatOutbox, type ChatItem, type ChatPayload } from './chat-outbox';
import type { ChatEntry, ChatMessage } from './types';

/** §4: the socket is checked every 5 s; socket.io reconnects after 500 ms, without a limit of attempts. */
export const RECHECK_MS = 5_000;
/** §4: reading marks all read, debounced 1 s. */
export const READ_DELAY_MS = 1_000;
/** After a gap (socket down, a saved copy), pages asked to meet what is already here. */
const MAX_CATCH_UP_PAGES = 10;
/** How much of the conversation is saved on the device for offline reading. */
const SAVED_MESSAGES = 50;

export interface ConversationState {
  /** the conversation as shown, oldest first: the server's messages, then ours still on their way */
  entries: ChatEntry[];
  /** the server's history or the saved copy is in `entries` (an empty conversation counts) */
  loaded: boolean;
  /** when `entries` last matched the server (a history answer or a live message) */
  syncedAt?: number;
  /** the code of the last failed history load; cleared by the next good one */
  error?: string;
  refreshing: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** the socket has joined the room: incoming messages arrive by themselves */
  connected: boolean;
}

interface Saved {
  /** the member (by phone) or guest it was saved for: another sign-in on this device does not see it */
  owner: string;
  messages: ChatMessage[];
  total: number;
  syncedAt: number;
}

/** The part of a socket.io client socket the conversation uses (a test passes its own). */
export type ChatSocket = Pick<Socket, 'on' | 'emit' | 'connect' | 'disconnect' | 'connected' | 'active'>;
export interface ConversationDeps {
  socket?: () => ChatSocket;
  outbox?: Outbox;
}

const time = (m: ChatMessage) => Date.parse(m.createdAt) || 0;
const byTime = (a: ChatMessage, b: ChatMessage) => time(a) - time(b) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
const isOurs = (item: ChatItem, who: Who) => item.kind === 'chat' && whoKey((item.payload as ChatPayload).who) === whoKey(who);

/**
 * One conversation (§4 Chat): its history from the server, 10 at a time, kept on the device for offline
 * reading; the socket that joins its room and appends what arrives; and our own messages from the
 * outbox until the server's copy (same clientMessageId) takes their place. A plain store for
 * useSyncExternalStore: the panel renders `getState()`.
 */
export class Conversation {
  private readonly messages = new Map<string, ChatMessage>();
  /** `messages` in time order, sorted once per change of them (the outbox's progress rebuilds the entries often) */
  private sorted: ChatMessage[] = [];
  private total = 0;
  private state: ConversationState = {
    entries: [],
    loaded: false,
    refreshing: false,
    hasOlder: false,
    loadingOlder: false,
    connected: false,
  };
  private readonly listeners = new Set<() => void>();
  private readonly outbox: Outbox;
  private readonly localUrls = new Map<string, string>();
  private socket: ChatSocket | undefined;
  private cleanups: (() => void)[] = [];
  private readTimer: ReturnType<typeof setTimeout> | undefined;
  private visible = false;
  private opened: Promise<void> | undefined;
  private generation = 0;

  constructor(
    readonly who: Who,
    private readonly deps: ConversationDeps = {},
  ) {
    this.outbox = deps.outbox ?? chatOutbox;
  }

  getState = (): ConversationState => this.state;
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  private set(patch: Partial<ConversationState>) {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((l) => l());
  }

  /** The panel opened: the saved copy at once, then the socket and the server's newest page. */
  open(): Promise<void> {
    this.opened ??= this.start();
    return this.opened;
  }

  private async start(): Promise<void> {
    const generation = this.generation;
    this.cleanups.push(this.outbox.subscribe(() => this.rebuild()));
    const saved = await readKey<Saved>(this.cacheKey);
    if (generation !== this.generation) return; // closed while reading: no socket for a closed panel
    if (saved?.owner === this.owner && this.messages.size === 0 && Array.isArray(saved.messages)) {
      saved.messages.forEach((m) => this.messages.set(m._id, m));
      this.total = saved.total;
      this.set({ loaded: true, syncedAt: saved.syncedAt });
      this.sorted = [...this.messages.values()].sort(byTime);
    }
    this.rebuild();
    void this.outbox.start();
    this.connect();
    const online = () => void this.refresh();
    window.addEventListener('online', online);
    this.cleanups.push(() => window.removeEventListener('online', online));
    await this.refresh();
  }

  /** The panel closed: the socket goes (it joins again on the next open); what was loaded stays. */
  close(): void {
    this.generation += 1;
    this.cleanups.forEach((c) => c());
    this.cleanups = [];
    this.socket?.disconnect();
    this.socket = undefined;
    clearTimeout(this.readTimer);
    this.opened = undefined;
    this.visible = false;
    this.set({ connected: false });
  }

  /** whose saved copy this is: the member's phone or the guest id, fixed when the conversation is made */
  private get owner() {
    return whoKey(this.who);
  }
  private get cacheKey() {
    return this.who.kind === 'member' ? 'chat:member' : 'chat:guest';
  }

  private connect() {
    this.socket?.disconnect();
    const socket =
      this.deps.socket?.() ??
      io({ path: '/socket.io', autoConnect: false, reconnectionDelay: 500, reconnectionDelayMax: 500, reconnectionAttempts: Infinity });
    this.socket = socket;
    socket.on('connect', () => this.join(socket));
    socket.on('disconnect', () => socket === this.socket && this.set({ connected: false }));
    socket.on('messaging', (message: ChatMessage) => this.receive(message));
    socket.connect();
    // a socket the server closed (or that gave up) is not reconnected by socket.io itself
    const recheck = setInterval(() => {
      if (!socket.active && navigator.onLine !== false) socket.connect();
    }, RECHECK_MS);
    this.cleanups.push(() => clearInterval(recheck));
  }

  private join(socket: ChatSocket) {
    const data = this.who.kind === 'member' ? { token: getToken() ?? '' } : { guestId: this.who.guestId };
    socket.emit('join', data, (answer: { room?: string; message?: string } | undefined) => {
      if (socket !== this.socket) return;
      if (answer?.room) {
        this.set({ connected: true });
        // what arrived while the socket was down, and what waited to be sent
        void this.refresh();
        void this.outbox.kick();
      } else if (answer?.message === 'invalid-token' || answer?.message === 'gone') {
        // §4: a session that ended goes to /login, a closed site to /terminated
        reactTo(answer.message);
      }
    });
  }

  private receive(message: ChatMessage) {
    if (!message || typeof message._id !== 'string' || typeof message.createdAt !== 'string') return;
    if (!this.messages.has(message._id)) this.total += 1;
    this.messages.set(message._id, message);
    this.state = { ...this.state, syncedAt: Date.now() };
    this.changed();
  }

  /**
   * The newest page; after a gap (the socket was down, the copy is a saved one) further pages until
   * one meets a message already here. A failure keeps what is shown and says why.
   */
  refresh(): Promise<void> {
    this.inFlight ??= this.load().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }
  private inFlight: Promise<void> | undefined;

  private async load(): Promise<void> {
    const hadAny = this.messages.size > 0;
    this.set({ refreshing: true });
    try {
      const fetched = new Map<string, ChatMessage>();
      let before: string | undefined;
      let joined = !hadAny;
      for (let pages = 0; pages < MAX_CATCH_UP_PAGES; pages += 1) {
        const page = await fetchHistory(this.who, before);
        if (!canSendAs(this.who)) return; // signed out (or another member in) meanwhile: not this conversation's answer
        page.messages.forEach((m) => fetched.set(m._id, m));
        this.total = page.total;
        joined ||= page.messages.some((m) => this.messages.has(m._id));
        if (joined || page.messages.length < HISTORY_PAGE) {
          joined = true;
          break;
        }
        before = page.messages.at(-1)?._id;
      }
      // a gap wider than the catch-up: what was here before it is dropped, so older pages follow on without a hole
      if (!joined) this.messages.clear();
      fetched.forEach((m, id) => this.messages.set(id, m));
      this.state = { ...this.state, loaded: true, error: undefined, syncedAt: Date.now() };
      this.changed();
    } catch (err) {
      this.set({ error: isApiError(err) ? err.message : 'NETWORK_ERROR' });
    } finally {
      this.set({ refreshing: false });
    }
  }

  /** §4: older messages, 10 at a time, when the member scrolls to the top. */
  async loadOlder(): Promise<void> {
    if (this.state.loadingOlder || !this.state.hasOlder) return;
    this.set({ loadingOlder: true });
    try {
      const oldest = this.sorted[0];
      const page = await fetchHistory(this.who, oldest?._id);
      if (!canSendAs(this.who)) return;
      page.messages.forEach((m) => this.messages.set(m._id, m));
      this.total = page.total;
      this.changed();
    } catch (err) {
      this.set({ error: isApiError(err) ? err.message : 'NETWORK_ERROR' });
    } finally {
      this.set({ loadingOlder: false });
    }
  }

  /** The panel is on screen: what support wrote is marked read a second after it shows (§4). */
  setVisible(visible: boolean): void {
    this.visible = visible;
    this.scheduleRead();
  }

  private scheduleRead() {
    clearTimeout(this.readTimer);
    if (!this.visible || ![...this.messages.values()].some(isUnreadReply)) return;
    this.readTimer = setTimeout(() => {
      markRead(this.who).then(
        () => {
          for (const [id, m] of this.messages) if (isUnreadReply(m)) this.messages.set(id, { ...m, read: true });
          this.changed();
        },
        () => undefined, // offline: marked on a later look
      );
    }, READ_DELAY_MS);
  }

  sendText(text: string) {
    return this.outbox.add('chat', { who: this.who, message: { message_type: 'text', payload: { message: text } } } satisfies ChatPayload);
  }
  /** A tap on a postback button or a quick reply: the title as the member's words, the payload for support. */
  reply(title: string, payload: string) {
    return this.outbox.add('chat', {
      who: this.who,
      message: { message_type: 'postback', payload: { message: title, payload } },
    } satisfies ChatPayload);
  }
  sendFile(file: File, fileType: 'image' | 'video') {
    return this.outbox.add('chat', { who: this.who, file, name: file.name, fileType } satisfies ChatPayload);
  }
  /** A refused message tried again as new, as whoever is writing now (a new id: the server kept nothing under the old one). */
  retry = (key: string) => void this.outbox.retry(key, (payload) => ({ ...(payload as ChatPayload), who: this.who }));
  discard = (key: string) => void this.outbox.remove(key);

  /** The server's messages changed: save them for offline reading, show them. */
  private changed() {
    this.sorted = [...this.messages.values()].sort(byTime);
    const newest = this.sorted.slice(-SAVED_MESSAGES);
    void writeKey(this.cacheKey, {
      owner: this.owner,
      messages: newest,
      total: this.total,
      syncedAt: this.state.syncedAt ?? Date.now(),
    } satisfies Saved);
    this.rebuild();
    this.scheduleRead();
  }

  /** The entries: the server's messages in time order, then ours the server has not shown yet, in the order written. */
  private rebuild() {
    const server = this.sorted;
    const delivered = new Set(server.map((m) => m.clientMessageId).filter((id): id is string => !!id));
    const sessionId = server.at(-1)?.session_id ?? '';
    const pending: ChatEntry[] = [];
    const ids = new Set<string>();
    for (const item of this.outbox.list() as ChatItem[]) {
      if (!isOurs(item, this.who)) continue;
      if (delivered.has(item.id)) {
        // the server's copy is here: ours has done its work
        if (item.state === 'done' || item.state === 'failed') void this.outbox.remove(item.id);
        continue;
      }
      ids.add(item.id);
      pending.push(this.entryOf(item, sessionId));
    }
    for (const [id, url] of this.localUrls) {
      if (!ids.has(id)) {
        URL.revokeObjectURL(url);
        this.localUrls.delete(id);
      }
    }
    this.set({
      entries: [...server.map((m) => ({ key: m.clientMessageId ?? m._id, message: m })), ...pending],
      hasOlder: this.messages.size < this.total,
    });
  }

  private entryOf(item: ChatItem, sessionId: string): ChatEntry {
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
    let localUrl: string | undefined;
    if (file && typeof URL.createObjectURL === 'function') {
      localUrl = this.localUrls.get(item.id) ?? URL.createObjectURL(p.file);
      this.localUrls.set(item.id, localUrl);
    }
    const progress = this.outbox.progressOf(item.id);
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
}

const conversations = new Map<string, Conversation>();
/**
 * One conversation per member or guest for the page's life: closing and opening the panel keeps what
 * it loaded; another member signing in on this page gets a conversation of their own.
 */
export function conversationFor(who: Who): Conversation {
  const key = whoKey(who);
  let conversation = conversations.get(key);
  if (!conversation) conversations.set(key, (conversation = new Conversation(who)));
  return conversation;
}
