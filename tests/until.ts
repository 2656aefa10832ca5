import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits for what a test waits for (an item's state, a message sent), as findBy* does: up to the timeout
 * tests/setup-dom.ts configures (tests/wait.ts), checked every 50 ms. Never a short clock of its own: a busy machine
 * makes the wait longer, not the test fail.
 */
export const until = (check: () => boolean): Promise<void> => waitFor(() => expect(check()).toBe(true));
