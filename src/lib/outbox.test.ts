import { createStore, keys } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { Outbox, type Deliver, type OutboxItem } from './outbox';
import { until } from '../../tests/until';
import { WAIT } from '../../tests/wait';

let n = 0;
/** A fresh IndexedDB store per test, shared by the outboxes a test makes (as two page loads would share it). */
const freshStore = () => createStore(`outbox-test-${++n}`, 'items');

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}
afterEach(() => setOnline(true));

/** A server that records every delivery by its client id and answers like the real one: the same id answers the same. */
function fakeServer() {
  const received = new Map<string, number>();
  let fail: ApiError | Error | undefined;
  const deliver: Deliver = async (item, { onProgress }) => {
    if (fail) throw fail;
    onProgress(50);
    received.set(item.id, (received.get(item.id) ?? 0) + 1);
    onProgress(100);
    return { reference: `SL-${item.id.slice(0, 4)}` };
  };
  return {
    deliver,
    received,
    failWith: (err: ApiError | Error | undefined) => (fail = err),
  };
}

const states = (box: Outbox) => box.list().map((i: OutboxItem) => i.state);

describe('the outbox', () => {
  it('keeps what is chosen offline and delivers it once when the connection returns', async () => {
    const server = fakeServer();
    const box = new Outbox('a', { slip: server.deliver }, freshStore());
    setOnline(false);
    await box.start();
    const item = await box.add('slip', { name: 'slip.jpg' });
    await new Promise((r) => setTimeout(r, 20));
    expect(states(box)).toEqual(['waiting']);
    expect(server.received.size).toBe(0);

    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await until(() => states(box)[0] === 'done');
    expect(server.received.get(item.id)).toBe(1);
    expect(box.list()[0]!.result).toEqual({ reference: `SL-${item.id.slice(0, 4)}` });

    // more nudges (another online event, a second start) send nothing again
    window.dispatchEvent(new Event('online'));
    await box.kick();
    await box.start();
    expect(server.received.get(item.id)).toBe(1);
  });

  it('survives a reload: a new outbox on the same store finds the waiting item and sends it', async () => {
    const store = freshStore();
    const server = fakeServer();
    setOnline(false);
    const before = new Outbox('b', { slip: server.deliver }, store);
    const item = await before.add('slip', { name: 'slip.png' });

    setOnline(true);
    const after = new Outbox('b', { slip: server.deliver }, store);
    await after.start();
    await until(() => states(after)[0] === 'done');
    expect(server.received.get(item.id)).toBe(1);
  });

  it('keeps an item through network errors and server trouble, and marks a final refusal failed with its code', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const server = fakeServer();
      const box = new Outbox('c', { slip: server.deliver }, freshStore());
      await box.start();
      server.failWith(new ApiError('NETWORK_ERROR', 0));
      await box.add('slip', { name: 'one.jpg' });
      await vi.waitFor(() => expect(box.list()[0]!.attempts).toBe(1), WAIT);
      expect(states(box)).toEqual(['waiting']);
      server.failWith(new ApiError('INTERNAL_SERVER_ERROR', 503));
      await vi.advanceTimersByTimeAsync(2_000);
      await vi.waitFor(() => expect(box.list()[0]!.attempts).toBe(2), WAIT);
      expect(states(box)).toEqual(['waiting']);

      server.failWith(new ApiError('SLIP_INVALID_FILE', 400));
      await vi.advanceTimersByTimeAsync(4_000);
      await vi.waitFor(() => expect(states(box)).toEqual(['failed']), WAIT);
      expect(box.list()[0]!.code).toBe('SLIP_INVALID_FILE');
      // failed stays failed: no endless retries
      await vi.advanceTimersByTimeAsync(120_000);
      expect(box.list()[0]!.attempts).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps an item whose session ended (disabled, signed out) for its member, and sends it when that member signs in again', async () => {
    const { setToken, clearToken, getMember, getToken } = await import('./auth-token');
    setToken('alice-1', true, '0811111111');
    const server = fakeServer();
    const box = new Outbox('s', { slip: server.deliver }, freshStore(), (item) => !!getToken() && item.owner === getMember(), getMember);
    await box.start();
    // staff disabled Alice: her session is refused; the slip is hers still, waiting, not failed
    server.failWith(new ApiError('invalid-token', 401));
    const item = await box.add('slip', { name: 'alice.jpg' });
    await until(() => box.list()[0]!.attempts === 1);
    clearToken();
    expect(box.list()[0]).toMatchObject({ state: 'waiting', owner: '0811111111' });

    // Bob signs in on the device: Alice's slip is not his to send
    server.failWith(undefined);
    setToken('bob-1', true, '0822222222');
    await box.kick();
    expect(server.received.size).toBe(0);
    expect(states(box)).toEqual(['waiting']);

    // Alice, enabled again, signs in: the sign-in itself sends it
    setToken('alice-2', true, '0811111111');
    await until(() => states(box)[0] === 'done');
    expect(server.received.get(item.id)).toBe(1);
    clearToken();
  });

  it('fails an upload refused for a long while (its hour of bytes, its slips, a full server disk) at once, without sending it again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const server = fakeServer();
      const box = new Outbox('h', { slip: server.deliver }, freshStore());
      await box.start();
      // a short rate limit is waited out
      server.failWith(new ApiError('REQUEST_LIMIT_1MIN', 429));
      await box.add('slip', { name: 'short.jpg' });
      await vi.waitFor(() => expect(box.list()[0]!.attempts).toBe(1), WAIT);
      expect(states(box)).toEqual(['waiting']);
      await box.remove(box.list()[0]!.id);
      for (const [code, status] of [
        ['UPLOAD_LIMIT', 429],
        ['SLIP_LIMIT', 429],
        ['UPLOAD_UNAVAILABLE', 503],
      ] as const) {
        server.failWith(new ApiError(code, status));
        const item = await box.add('slip', { name: `${code}.jpg` });
        await vi.waitFor(() => expect(box.list().find((i) => i.id === item.id)?.state).toBe('failed'), WAIT);
        expect(box.list().find((i) => i.id === item.id)).toMatchObject({ code, attempts: 1 });
      }
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(box.list().map((i) => [i.state, i.attempts])).toEqual([
        ['failed', 1],
        ['failed', 1],
        ['failed', 1],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('delivers in order, one at a time, and sends nothing that was removed (signed out) meanwhile', async () => {
    const store = freshStore();
    const order: string[] = [];
    // counted here and asserted after: an expect() thrown inside deliver would be taken by the outbox as a failed send
    let running = 0;
    let most = 0;
    const deliver: Deliver = async (item) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      order.push((item.payload as { name: string }).name);
      running -= 1;
      return {};
    };
    setOnline(false);
    const box = new Outbox('d', { slip: deliver }, store);
    await box.add('slip', { name: 'first' });
    await box.add('slip', { name: 'second' });
    const dropped = await box.add('slip', { name: 'dropped' });
    await box.add('slip', { name: 'third' });
    // sign-out empties the store under the outbox's feet
    const { del } = await import('idb-keyval');
    await del(dropped.id, store);
    setOnline(true);
    await box.kick();
    await until(() => order.length === 3);
    expect(order).toEqual(['first', 'second', 'third']);
    expect(most).toBe(1);
    expect(box.list().map((i) => (i.payload as { name: string }).name)).toEqual(['first', 'second', 'third']);
  });

  it('keeps the order items were written in, also written in one millisecond before the first was stored, and after a reload', async () => {
    const store = freshStore();
    setOnline(false);
    const box = new Outbox('o', { chat: fakeServer().deliver }, store);
    // the clock stands still: every add is called in the same millisecond, none awaited before the next
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    try {
      const names = Array.from({ length: 12 }, (_, i) => `message ${i + 1}`);
      await Promise.all(names.map((name) => box.add('chat', { name })));
      const written = (b: Outbox) => b.list().map((i) => (i.payload as { name: string }).name);
      expect(written(box)).toEqual(names);
      // a new page on the same store lists them as written (IndexedDB lists them by their random ids)
      const reloaded = new Outbox('o', { chat: fakeServer().deliver }, store);
      await reloaded.start();
      expect(written(reloaded)).toEqual(names);
      // one written on the new page goes after them
      await reloaded.add('chat', { name: 'after the reload' });
      expect(written(reloaded)).toEqual([...names, 'after the reload']);
    } finally {
      now.mockRestore();
    }
  });

  it('keeps the order of adds made while the first one’s start is still delivering an earlier item', async () => {
    const store = freshStore();
    const sent: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const deliver: Deliver = async (item) => {
      const name = (item.payload as { name: string }).name;
      // the item an earlier page left takes a while (a slow upload): the adds below come meanwhile
      if (name === 'left earlier') await held;
      sent.push(name);
      return {};
    };
    setOnline(false);
    await new Outbox('h', { chat: deliver }, store).add('chat', { name: 'left earlier' });
    setOnline(true);
    // a new page: its first add reads the store and starts delivering 'left earlier' (held); three more
    // adds come while that delivery runs, none awaited before the next
    const box = new Outbox('h', { chat: deliver }, store);
    const adds = ['first', 'second', 'third'].map((name) => box.add('chat', { name }));
    await until(() => box.list().length === 4);
    release();
    await Promise.all(adds);
    await until(() => sent.length === 4);
    expect(sent).toEqual(['left earlier', 'first', 'second', 'third']);
    expect(box.list().map((i) => (i.payload as { name: string }).name)).toEqual(['left earlier', 'first', 'second', 'third']);
  });

  it('forgets an item the member cancels, stopping its upload', async () => {
    const store = freshStore();
    let aborted = false;
    const deliver: Deliver = (_item, { signal }) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('cancelled', 'AbortError'));
        });
      });
    const box = new Outbox('e', { slip: deliver }, store);
    const item = await box.add('slip', { name: 'slow.jpg' });
    await until(() => states(box)[0] === 'sending');
    await box.remove(item.id);
    await until(() => aborted);
    expect(box.list()).toEqual([]);
    expect(await keys(store)).toEqual([]);
  });

  it('keeps a step done before a failure (an uploaded path), so the next try does not repeat it', async () => {
    const uploads: string[] = [];
    let sends = 0;
    const deliver: Deliver = async (item, { update }) => {
      const payload = item.payload as { name: string; path?: string };
      if (!payload.path) {
        uploads.push(payload.name);
        await update({ ...payload, path: `/files/${payload.name}` });
      }
      sends += 1;
      if (sends === 1) throw new ApiError('NETWORK_ERROR', 0); // the answer to the message is lost
      return { ok: true };
    };
    const box = new Outbox('f', { chat: deliver }, freshStore());
    await box.add('chat', { name: 'photo.png' });
    await until(() => states(box)[0] === 'waiting' && sends === 1);
    await box.kick();
    await until(() => states(box)[0] === 'done');
    expect(uploads).toEqual(['photo.png']);
    expect(box.list()[0]?.payload).toEqual({ name: 'photo.png', path: '/files/photo.png' });
  });

  it('does not send again what another tab delivered, and lets an item that cannot go now wait without holding up the rest', async () => {
    const store = freshStore();
    const server = fakeServer();
    const held = new Set<string>();
    const box = new Outbox('g', { slip: server.deliver }, store, (item) => !held.has((item.payload as { name: string }).name));
    setOnline(false);
    const first = await box.add('slip', { name: 'first' });
    held.add('second');
    await box.add('slip', { name: 'second' });
    await box.add('slip', { name: 'third' });
    // another tab (the same store) delivered the first meanwhile
    const { set } = await import('idb-keyval');
    await set(first.id, { ...first, state: 'done' }, store);
    setOnline(true);
    await box.kick();
    await until(() => states(box).join() === 'done,waiting,done');
    expect(server.received.has(first.id)).toBe(false);
    expect(server.received.size).toBe(1);
    held.clear();
    await box.kick();
    await until(() => states(box).join() === 'done,done,done');
    expect(server.received.size).toBe(2);
  });
});
