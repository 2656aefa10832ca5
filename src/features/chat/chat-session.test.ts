import { describe, expect, it, vi } from 'vitest';
import { WAIT } from '../../../tests/wait';
import { clearToken, setToken } from '../../lib/auth-token';
import { isApiError } from '../../lib/api';
import { Outbox } from '../../lib/outbox';
import { createStore } from 'idb-keyval';
import { canDeliverChat, deliverChat, type ChatPayload } from './chat-outbox';

/**
 * A member's message whose session ended between the outbox's look and the send (another call was just
 * told 'invalid-token' and the token dropped): never sent without a token, where the server refuses it for
 * good as a guest's with no guest; it waits for the member's sign-in (CI39's password-change e2e).
 */
describe("a member's chat message when the session ends on its way", () => {
  it('is not sent without the token, and waits', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    setToken('alice-token', true, '0812345678');
    const payload: ChatPayload = {
      who: { kind: 'member', phone: '0812345678' },
      message: { message_type: 'text', payload: { message: 'hi' } },
    };
    // the outbox looked while the token was there; it is gone when the message is built
    const box = new Outbox(
      'chat-session-test',
      {
        chat: async (item, context) => {
          clearToken();
          return deliverChat(item, context);
        },
      },
      createStore('chat-session-test', 'items'),
      canDeliverChat,
    );
    await box.start();
    await box.add('chat', payload);
    // the attempt ended, waiting for a sign-in: attempts counts from the send's start, before its end is known
    // (CI159 looked between the two on a busy machine, and found it still sending)
    await vi.waitFor(() => expect(box.list()[0]).toMatchObject({ attempts: 1, state: 'waiting' }), WAIT);
    expect(fetch).not.toHaveBeenCalled();
    await expect(
      deliverChat(box.list()[0]!, { signal: new AbortController().signal, onProgress: () => undefined, update: async () => undefined }),
    ).rejects.toSatisfy((err: unknown) => isApiError(err, 'invalid-token'));
    vi.unstubAllGlobals();
  });
});
