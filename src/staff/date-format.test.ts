import { describe, expect, it } from 'vitest';
import { staffDateFormat } from './date-format';

const at = new Date(2026, 10, 28, 19, 5, 9);

describe("the console's times", () => {
  it("are the browser's own where it has the language's data", () => {
    expect(staffDateFormat('th', { dateStyle: 'medium', timeStyle: 'short' }).format(at)).toBe(
      new Intl.DateTimeFormat('th', { dateStyle: 'medium', timeStyle: 'short' }).format(at),
    );
  });

  it("are DD/MM/YYYY HH:mm, 24-hour, where the browser lacks the language (Chrome has no Lao): never the browser's English", () => {
    // a language no browser carries (a private-use tag) stands for Lao in Chrome: Intl resolves it to its default
    expect(new Intl.DateTimeFormat('qaa').resolvedOptions().locale).not.toMatch(/^qaa/);
    expect(staffDateFormat('qaa', { dateStyle: 'medium', timeStyle: 'short' }).format(at)).toBe('28/11/2026 19:05');
    expect(staffDateFormat('qaa', { dateStyle: 'medium', timeStyle: 'medium' }).format(at)).toBe('28/11/2026 19:05:09');
  });
});
