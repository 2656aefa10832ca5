/**
 * How long a site test waits for what it waits for (the dialog, the row, the saved copy) before it fails:
 * a bound for a busy machine, never a clock the code is judged by. Testing Library's findBy* and waitFor
 * and `until` (tests/setup-dom.ts), expect.poll (vite.config.ts) and vi.waitFor in the tests on fake timers
 * (`WAIT`) all use it. 30 s: beside two other lanes of npm test a first save to IndexedDB took more than
 * 10 s (CI63); within the site project's 60 s per test.
 */
export const WAIT_MS = 30_000;

/** vi.waitFor's options (its own bound is 1 s). */
export const WAIT = { timeout: WAIT_MS };
