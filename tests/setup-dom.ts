import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor wait for what they wait for: the dialog, the row. Testing Library's default 1 s
// judges the machine, not the code (a refund dialog missed it on a busy CI machine); a failing wait
// still fails, later.
configure({ asyncUtilTimeout: 15_000 });

// the router's scroll restoration calls it; jsdom does not implement it
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
