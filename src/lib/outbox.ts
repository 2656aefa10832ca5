import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import { isApiError } from './api';
import { SESSION_EVENT } from './auth-token';

/**
 * The outbox: things the member sent that must reach the server exactly once, also when the phone was
 * offline or the page was closed meanwhile (a slip photo now, chat messages later). Each item is kept in
 * IndexedDB with a client id, delivered in order, one at a time, with the id as its Idempotency-Key, so
 * a retry after a lost answer is answered by the server as the first send, never done twice. An item
 * leaves the "waiting" state only on the server's answer: done, or failed with the code of a final
 * refusal (a 4xx, or an upload refused for a long while). No connection, a timeout, a short rate limit or
 * another 5xx leave it waiting for the next try.
 */
export type OutboxState = 'waiting' | 'sending' | 'failed' | 'done';

export interface OutboxItem<P = unknown> {
  id: string;
  kind: string;
  payload: P;
  createdAt: number;
  state: OutboxState;
  /** failed: the server's code. */
  code?: string;
  /** done: what the server answered. */
  result?: unknown;
  attempts: number;
  /**
   * The member it was written by (the phone they signed in with), '' for a guest's; it goes only while
   * that member is signed in on this device, whoever else signs in meanwhile.
   */
  owner?: string;
}

export interface DeliverContext {
  onProgress(percent: number): void;
  signal: AbortSignal;
  /** Keeps a step already done with the item (an uploaded file's path), so a later try does not repeat it. */
  update(payload: unknown): Promise<void>;
}
export type Deliver = (item: OutboxItem, ctx: DeliverContext) => Promise<unknown>;

/**
 * Answers that end the session, not the item: the member was signed out (disabled, a password changed
 * elsewhere, the session expired) or the site is closed for a while. The item waits, tied to its member,
 * until that member signs in again (SESSION_EVENT) and then goes.
 */
const SESSION_ENDED = new Set(['invalid-token', 'gone']);

/**
 * Upload refusals whose wait is far longer than a backoff (the sender's hour of bytes, its slips of 10
 * minutes, a server disk the operator must free): trying again every minute would only send the same
 * megabytes to be refused. The item fails with the code, its sentence says when to try again, and the
 * member's Try again sends it as new.
 */
const LONG_WAITS = new Set(['UPLOAD_LIMIT', 'SLIP_LIMIT', 'UPLOAD_UNAVAILABLE']);
/** Answers that will be the same however often we ask: the item fails with the code. */
const isFinal = (err: unknown) =>
  isApiError(err) &&
  !SESSION_ENDED.has(err.code) &&
  ((err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429) || LONG_WAITS.has(err.code));
/** How long an item waits after the site answered that it is closed ('gone') before it is tried again. */
const SITE_CLOSED_WAIT_MS = 15 * 60_000;
/** Waits between tries of one item: 2 s, 4 s, 8 s ... at most a minute (and at once when the connection returns). */
const backoffMs = (attempts: number) => Math.min(60_000, 1_000 * 2 ** Math.min(attempts, 6));

/**
 * The IndexedDB database of one outbox. It outlives the session: sign-out, a disabled account or an
 * expired session leave each item waiting for the member who wrote it.
 */
export const outboxDatabase = (name: string) => `wallet-${name}`;

export class Outbox {
  private readonly store: UseStore;
  private running = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly progress = new Map<string, number>();
  private readonly controllers = new Map<string, AbortController>();
  private readonly listeners = new Set<() => void>();
  private items: OutboxItem[] = [];
  private loaded: Promise<void> | undefined;

  constructor(
    private readonly name: string,
    private readonly deliverers: Record<string, Deliver>,
    store?: UseStore,
    /** Whether an item may go now (the chat holds a member's messages while another member is signed in); the others go on. */
    private readonly canDeliver: (item: OutboxItem) => boolean = () => true,
    /** Who is signed in now ('' for nobody): a new item is theirs (`owner`). */
    private readonly currentOwner: () => string = () => '',
  ) {
    this.store = store ?? createStore(outboxDatabase(name), 'items');
  }

  /** Reads what an earlier page left (after a reload), then tries to deliver; and again whenever the connection returns. */
  start(): Promise<void> {
    return this.load().then(() => this.kick());
  }

  /** What an earlier page left, read once. */
  private load(): Promise<void> {
    if (!this.loaded) {
      this.loaded = this.reload();
      if (typeof window !== 'undefined') {
        window.addEventListener('online', () => this.kick());
        window.addEventListener(SESSION_EVENT, () => this.kick());
      }
    }
    return this.loaded;
  }

  private async reload(): Promise<void> {
    const stored = (await entries<string, OutboxItem>(this.store).catch(() => [])).map(([, v]) => v);
    // an item "sending" when the page closed was maybe received: sending it again with its id is safe
    this.items = stored
      .map((i) => (i.state === 'sending' ? { ...i, state: 'waiting' as const } : i))
      .sort((a, b) => a.createdAt - b.createdAt);
    this.emit();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  private emit() {
    this.listeners.forEach((l) => l());
  }

  /** Every item on this device, of every member, oldest first (a stable array between changes, for useSyncExternalStore). */
  list(): OutboxItem[] {
    return this.items;
  }
  progressOf(id: string): number | undefined {
    return this.progress.get(id);
  }

  private async save(item: OutboxItem): Promise<void> {
    // a new one in its place by when it was written (an add that waited longer than the next one's is still first)
    this.items = this.items.some((i) => i.id === item.id)
      ? this.items.map((i) => (i.id === item.id ? item : i))
      : [...this.items, item].sort((a, b) => a.createdAt - b.createdAt);
    this.emit();
    await set(item.id, item, this.store);
  }

  /** The adds, stored one after another in the order they were called. */
  private adding: Promise<unknown> = Promise.resolve();

  /**
   * Keeps the item (IndexedDB first, so a reload cannot lose it) and tries to deliver it. Items are stored
   * in the order `add` was called, each after what an earlier page left, and stamped in that order: a later
   * stamp than every item before it. Two quick adds (two messages sent at once, or while a delivery is
   * under way) never swap places, nor share a stamp that IndexedDB would order by their random ids.
   */
  async add<P>(kind: string, payload: P, id = crypto.randomUUID(), owner = this.currentOwner()): Promise<OutboxItem<P>> {
    const stored = this.adding.then(async () => {
      await this.load();
      const latest = this.items.reduce((max, i) => Math.max(max, i.createdAt), 0);
      const item: OutboxItem<P> = { id, kind, payload, createdAt: Math.max(Date.now(), latest + 1), state: 'waiting', attempts: 0, owner };
      await this.save(item);
      return item;
    });
    this.adding = stored.catch(() => undefined);
    const item = await stored;
    void this.kick();
    return item;
  }

  /** Forgets an item: stops its upload if running (what the server already has, it keeps). */
  async remove(id: string): Promise<void> {
    this.controllers.get(id)?.abort();
    this.items = this.items.filter((i) => i.id !== id);
    this.progress.delete(id);
    this.emit();
    await del(id, this.store).catch(() => undefined);
  }

  /**
   * A failed item tried again, as new: the server refused it, so it has nothing under its id to answer
   * with. `restamp` may change the payload first (the chat sends it as whoever is writing now).
   */
  async retry(id: string, restamp: (payload: unknown) => unknown = (p) => p): Promise<void> {
    const item = this.items.find((i) => i.id === id);
    if (!item || item.state !== 'failed') return;
    await this.remove(id);
    await this.add(item.kind, restamp(item.payload), undefined, item.owner);
  }

  /** Delivers waiting items in order until one cannot go now; one runner per page, and one per device where Web Locks exist. */
  async kick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    clearTimeout(this.timer);
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (!locks) await this.drain();
      else if (
        !(await locks.request(`outbox-${this.name}`, { ifAvailable: true }, async (lock) => (lock ? (await this.drain(), true) : false)))
      ) {
        // another tab is delivering (maybe a long upload): look again soon, for what this tab added meanwhile
        this.timer = setTimeout(() => void this.kick(), 2_000);
      }
    } finally {
      this.running = false;
    }
  }

  private async drain(): Promise<void> {
    for (;;) {
      const item = this.items.find((i) => i.state === 'waiting' && this.deliverers[i.kind] && this.canDeliver(i));
      if (!item) return;
      const deliver = this.deliverers[item.kind]!;
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return; // the 'online' event brings us back
      // gone from IndexedDB (signed out): not ours to send any more; delivered or refused in another tab: its answer stands
      const stored = await get<OutboxItem>(item.id, this.store).catch(() => undefined);
      if (!stored || stored.state === 'done' || stored.state === 'failed') {
        this.items = stored ? this.items.map((i) => (i.id === item.id ? stored : i)) : this.items.filter((i) => i.id !== item.id);
        this.emit();
        continue;
      }
      const controller = new AbortController();
      this.controllers.set(item.id, controller);
      await this.save({ ...item, state: 'sending', attempts: item.attempts + 1 });
      this.progress.set(item.id, 0);
      try {
        let current = item;
        const result = await deliver(item, {
          signal: controller.signal,
          onProgress: (percent) => {
            this.progress.set(item.id, percent);
            this.emit();
          },
          update: async (payload) => {
            current = { ...current, payload };
            await this.save({ ...current, state: 'sending', attempts: item.attempts + 1 });
          },
        });
        if (!this.items.some((i) => i.id === item.id)) continue; // removed meanwhile
        await this.save({ ...current, state: 'done', result, attempts: item.attempts + 1 });
      } catch (err) {
        if (!this.items.some((i) => i.id === item.id)) continue;
        const latest = this.items.find((i) => i.id === item.id) ?? item;
        if (isFinal(err)) {
          await this.save({ ...latest, state: 'failed', code: (err as Error).message, attempts: item.attempts + 1 });
          continue;
        }
        await this.save({ ...latest, state: 'waiting', attempts: item.attempts + 1 });
        // a closed site stays closed for a while: its photo is not sent again every minute meanwhile
        const wait = isApiError(err, 'gone') ? SITE_CLOSED_WAIT_MS : backoffMs(item.attempts + 1);
        this.timer = setTimeout(() => void this.kick(), wait);
        return;
      } finally {
        this.controllers.delete(item.id);
        this.progress.delete(item.id);
        this.emit();
      }
    }
  }
}
