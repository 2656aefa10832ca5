import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { webcrypto } from 'node:crypto';
import { afterEach, vi } from 'vitest';
import { ownTask } from '../src/lib/own-task';
import { WAIT_MS } from './wait';

// jsdom's window has crypto.getRandomValues but no crypto.subtle (the money calls' key digests): the
// browser's Web Crypto, as Node has it
if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { configurable: true, value: webcrypto });

// findBy* and waitFor wait for what they wait for: the dialog, the row. Testing Library's default 1 s
// judges the machine, not the code (a refund dialog missed it on a busy CI machine); a failing wait
// still fails, later (tests/wait.ts).
configure({ asyncUtilTimeout: WAIT_MS });

// the router's scroll restoration calls it; jsdom does not implement it
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(async () => {
  cleanup();
  // a query's request is sent a task after it is asked (src/lib/api.ts): those this test's screen asked go out
  // now, never into the next test's fake server
  await ownTask();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
