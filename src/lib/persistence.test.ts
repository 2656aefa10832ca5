import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { getToken, setToken } from './auth-token';
import { restoreAndPersist } from './persistence';
import { createQueryClient, shouldPersist } from './query-client';
import { startSession } from './session';
import { deleteKey, readKey, writeKey } from './storage';
import { BUILD_HASH } from './variant';

const saved = (queries: { key: unknown[]; data: unknown; status?: string }[], buster = BUILD_HASH, timestamp = Date.now()) =>
  JSON.stringify({
    buster,
    timestamp,
    clientState: {
      mutations: [],
      queries: queries.map((q) => ({
        queryKey: q.key,
        queryHash: JSON.stringify(q.key),
        state: { data: q.data, dataUpdatedAt: timestamp - 60_000, status: q.status ?? 'success', fetchStatus: 'idle', error: null },
      })),
    },
  });
const WALLET = { key: ['wallet'], data: { wallet: { amount: 250 } } };
const CONTACT = { key: ['lookup', 'contact', 'en'], data: { contactText: 'hello' } };

afterEach(() => deleteKey('queries'));

describe('what the app keeps between visits', () => {
  it("restores the member's saved data when the token is there", async () => {
    setToken('t', true);
    await writeKey('queries', saved([WALLET, CONTACT]));
    const client = createQueryClient();
    const stop = await restoreAndPersist(client);
    expect(client.getQueryData(['wallet'])).toEqual({ wallet: { amount: 250 } });
    expect(client.getQueryData(['lookup', 'contact', 'en'])).toEqual({ contactText: 'hello' });
    stop();
  });

  it("shows no member's data to an app opened without a token, and keeps the site's lookups", async () => {
    await writeKey('queries', saved([WALLET, CONTACT]));
    const client = createQueryClient();
    const stop = await restoreAndPersist(client);
    expect(client.getQueryData(['wallet'])).toBeUndefined();
    expect(client.getQueryData(['lookup', 'contact', 'en'])).toEqual({ contactText: 'hello' });
    stop();
  });

  it("drops another build's cache and one older than a week", async () => {
    setToken('t', true);
    for (const old of [saved([WALLET], 'another-build'), saved([WALLET], BUILD_HASH, Date.now() - 8 * 24 * 3_600_000)]) {
      await writeKey('queries', old);
      const client = createQueryClient();
      const stop = await restoreAndPersist(client);
      expect(client.getQueryData(['wallet'])).toBeUndefined();
      stop();
    }
  });

  it('keeps data whose last refresh failed, never secrets', () => {
    const client = new QueryClient();
    client.setQueryData(['wallet'], { wallet: { amount: 1 } });
    const wallet = client.getQueryCache().find({ queryKey: ['wallet'] })!;
    wallet.setState({ status: 'error', error: new Error('NETWORK_ERROR') });
    expect(shouldPersist(wallet)).toBe(true);
    client.setQueryData(['wallet', 'credentials', 'PG'], { password: 'secret' });
    const secret = client.getQueryCache().find({ queryKey: ['wallet', 'credentials', 'PG'] })!;
    secret.options.meta = { persist: false };
    expect(shouldPersist(secret)).toBe(false);
  });

  it("a new sign-in starts without the last member's data, and the saved copy follows", async () => {
    setToken('old', true);
    const client = createQueryClient();
    const stop = await restoreAndPersist(client);
    client.setQueryData(['wallet'], { wallet: { amount: 999 } });
    client.setQueryData(['lookup', 'info'], { name: 'Wallet' });
    const copy = async () => String(await readKey('queries'));
    // the saved queries' keys (a copy's timestamp may hold any digits: CI's clock once read ...69995)
    const savedKeys = async () =>
      (JSON.parse(await copy()) as { clientState: { queries: { queryHash: string }[] } }).clientState.queries.map((q) => q.queryHash);
    // the save waits its 1 s throttle, and a busy machine longer (expect.poll's bound: tests/wait.ts)
    await expect.poll(copy).toContain('"amount":999');
    startSession(client, 'new', false);
    expect(getToken()).toBe('new');
    expect(client.getQueryData(['wallet'])).toBeUndefined();
    expect(client.getQueryData(['lookup', 'info'])).toEqual({ name: 'Wallet' });
    await expect.poll(savedKeys).toEqual(['["lookup","info"]']);
    expect(await copy()).toContain('Wallet');
    expect(await copy()).not.toContain('"amount":999');
    stop();
  });

  // after the test above, which signed in: a sign-in of this page stays so for the module's life
  it("restored after a sign-in of this page (the sign-in form's, sent before the app started), brings back no member's data", async () => {
    setToken('old', true);
    await writeKey('queries', saved([WALLET, CONTACT]));
    const client = createQueryClient();
    startSession(client, 'new', true);
    client.setQueryData(['statement'], { rows: ['this member'] });
    const stop = await restoreAndPersist(client);
    expect(client.getQueryData(['wallet'])).toBeUndefined();
    expect(client.getQueryData(['statement'])).toEqual({ rows: ['this member'] });
    expect(client.getQueryData(['lookup', 'contact', 'en'])).toEqual({ contactText: 'hello' });
    stop();
  });
});
