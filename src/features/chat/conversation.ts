import { isApiError } from '../../lib/api';
import { markPushOfferDue } from '../../lib/member/push';
import type { Outbox } from '../../lib/outbox';
import { canSendAs, fetchHistory, isUnreadReply, markRead, whoKey, type Who } from './chat-api';
import { chatOutbox, type ChatPayload } from './chat-outbox';
import { byTime, entriesOf, LocalUrls } from './conversation-entries';
import { catchUp, readSaved, saveCopy } from './conversation-history';
import { openSocket, type ChatSocket } from './conversation-socket';
import type { ChatEntry, ChatMessage } from './types';

export { RECHECK_MS, type ChatSocket } from './conversation-socket';

/** §4: reading marks all read, debounced 1 s. */
export const READ_DELAY_MS = 1_000;

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

export interface ConversationDeps {
  socket?: () => ChatSocket;
  outbox?: Outbox;
}

const CLOSED: ConversationState = { entries: [], loaded: false, refreshing: false, hasOlder: false, loadingOlder: false, connected: false };

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
  private state = CLOSED;
  private readonly listeners = new Set<() => void>();
  private readonly outbox: Outbox;
  private readonly localUrls = new LocalUrls();
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
    const saved = await readSaved(this.who);
    if (generation !== this.generation) return; // closed while reading: no socket for a closed panel
    if (saved && this.messages.size === 0) {
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

  private connect() {
    this.socket?.disconnect();
    const live = openSocket(
      this.who,
      {
        joined: () => {
          this.set({ connected: true });
          // what arrived while the socket was down, and what waited to be sent
          void this.refresh();
          void this.outbox.kick();
        },
        left: () => this.set({ connected: false }),
        message: (message) => this.receive(message),
      },
      this.deps.socket,
    );
    this.socket = live.socket;
    this.cleanups.push(live.stop);
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
    this.set({ refreshing: true });
    try {
      const caught = await catchUp(this.who, this.messages);
      if (!caught) return;
      this.total = caught.total;
      // a gap wider than the catch-up: what was here before it is dropped, so older pages follow on without a hole
      if (!caught.joined) this.messages.clear();
      caught.fetched.forEach((m, id) => this.messages.set(id, m));
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
    this.chatted();
    return this.outbox.add('chat', { who: this.who, message: { message_type: 'text', payload: { message: text } } } satisfies ChatPayload);
  }
  /** A member's first message: notifications may be offered from now on (never on a first visit). */
  private chatted() {
    if (this.who.kind === 'member') void markPushOfferDue();
  }
  /** A tap on a postback button or a quick reply: the title as the member's words, the payload for support. */
  reply(title: string, payload: string) {
    return this.outbox.add('chat', {
      who: this.who,
      message: { message_type: 'postback', payload: { message: title, payload } },
    } satisfies ChatPayload);
  }
  sendFile(file: File, fileType: 'image' | 'video') {
    this.chatted();
    return this.outbox.add('chat', { who: this.who, file, name: file.name, fileType } satisfies ChatPayload);
  }
  /** A refused message tried again as new, as whoever is writing now (a new id: the server kept nothing under the old one). */
  retry = (key: string) => void this.outbox.retry(key, (payload) => ({ ...(payload as ChatPayload), who: this.who }));
  discard = (key: string) => void this.outbox.remove(key);

  /** The server's messages changed: save them for offline reading, show them. */
  private changed() {
    this.sorted = [...this.messages.values()].sort(byTime);
    saveCopy(this.who, this.sorted, this.total, this.state.syncedAt ?? Date.now());
    this.rebuild();
    this.scheduleRead();
  }

  /** The entries: the server's messages in time order, then ours the server has not shown yet, in the order written. */
  private rebuild() {
    this.set({ entries: entriesOf(this.sorted, this.outbox, this.who, this.localUrls), hasOlder: this.messages.size < this.total });
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
