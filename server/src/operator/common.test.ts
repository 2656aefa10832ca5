import { describe, expect, it } from 'vitest';
import { printable, printableLine } from './common.js';

describe('text a member or guest typed, printed in the operator terminal', () => {
  it('shows control, escape and bidi characters as \\u{...}: a cell cannot fake a column or a line', () => {
    expect(printable('\u001b[31mred\u001b]0;title\u0007')).toBe('\\u{1b}[31mred\\u{1b}]0;title\\u{7}');
    expect(printable('a\tb\nc\u2028d\u009b\u202eé ไทย')).toBe('a\\u{9}b\\u{a}c\\u{2028}d\\u{9b}\\u{202e}é ไทย');
  });

  it("keeps a printed line's own tabs and newlines, and escapes the rest", () => {
    expect(printableLine('1\tname \u001b[2J\n2\tok')).toBe('1\tname \\u{1b}[2J\n2\tok');
    expect(printableLine(printable('x\u001by'))).toBe(printable('x\u001by'));
  });
});
