import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import type { OutboxItem } from '../../lib/outbox';
import type { ChatPayload } from './chat-outbox';

/** The server as the chat's deliverer meets it: uploads answer a new path each, a message naming a swept file is refused. */
const server = vi.hoisted(() => ({ uploads: 0, swept: new Set<string>(), sent: [] as string[] }));
vi.mock('./chat-api', () => ({
  canSendAs: () => true,
  uploadMedia: () => Promise.resolve({ path: `/files/chat/upload-${++server.uploads}` }),
  sendMessage: (_who: unknown, _id: string, message: { payload: { filePath: string } }) => {
    const { filePath } = message.payload;
    if (server.swept.has(filePath)) return Promise.reject(new ApiError('CHAT_FILE_UNSUPPORTED', 400));
    server.sent.push(filePath);
    return Promise.resolve({ message: 'SUCCESS' });
  },
}));
const { deliverChat } = await import('./chat-outbox');

const item = (payload: ChatPayload): OutboxItem => ({ id: 'c-1', kind: 'chat', payload, createdAt: 0, state: 'sending', attempts: 1 });
const photo = {
  who: { kind: 'guest', guestId: 'guest-0123456789abcdef' },
  file: new Blob(['x']),
  name: 'a.png',
  fileType: 'image',
} as const;
const context = () => {
  const saved: ChatPayload[] = [];
  return {
    saved,
    onProgress: () => undefined,
    signal: new AbortController().signal,
    update: async (p: unknown) => void saved.push(p as ChatPayload),
  };
};

describe("the chat outbox's deliverer", () => {
  it('uploads again, once, a file the server swept while the message waited (an hour offline after the upload)', async () => {
    server.swept.add('/files/chat/old');
    const ctx = context();
    await deliverChat(item({ ...photo, filePath: '/files/chat/old' }), ctx);
    expect(server.sent).toEqual(['/files/chat/upload-1']);
    expect(ctx.saved.at(-1)).toMatchObject({ filePath: '/files/chat/upload-1' });

    // once only: a file refused right after its own upload fails the message instead of uploading in a loop
    server.swept.add('/files/chat/upload-2');
    await expect(deliverChat(item(photo), context())).rejects.toThrow('CHAT_FILE_UNSUPPORTED');
    expect(server.uploads).toBe(2);
  });
});
