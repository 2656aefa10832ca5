import { describe, expect, it } from 'vitest';
import { byTime } from './conversation-entries';
import type { ChatMessage } from './types';

const message = (_id: string, createdAt: string) => ({ _id, createdAt }) as ChatMessage;

describe("the conversation's order", () => {
  it('keeps messages of one moment in the order the server stored them, past a new digit of their ids', () => {
    const at = '2026-11-27T10:00:00.000Z';
    // closing words (id 9) and the end marker (id 10), stored in one transaction at one moment
    const sorted = [message('10', at), message('9', at), message('8', '2026-11-27T09:59:00.000Z')].sort(byTime);
    expect(sorted.map((m) => m._id)).toEqual(['8', '9', '10']);
  });
});
