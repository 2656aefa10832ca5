import { describe, expect, it } from 'vitest';
import { pageRange } from './pagination';

describe('pagination range (§2: 3 before, 1 after)', () => {
  it('shows up to 3 pages before and 1 after the current one', () => {
    expect(pageRange(1, 10)).toEqual([1, 2]);
    expect(pageRange(5, 10)).toEqual([2, 3, 4, 5, 6]);
    expect(pageRange(10, 10)).toEqual([7, 8, 9, 10]);
    expect(pageRange(2, 2)).toEqual([1, 2]);
    expect(pageRange(1, 1)).toEqual([1]);
  });
});
