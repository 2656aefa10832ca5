import { describe, expect, it } from 'vitest';
import { drawSlice } from '../src/modules/spinwheel/draw.js';

/** The demo wheel's weights (seed-spin.ts). */
const WEIGHTS = [25, 20, 15, 8, 10, 15, 5, 2];
const slices = WEIGHTS.map((weight, i) => ({ i, weight }));

function chiSquare(random?: (n: number) => number, draws = 20_000): number {
  const counts = WEIGHTS.map(() => 0);
  for (let k = 0; k < draws; k += 1) counts[drawSlice(slices, random).i]! += 1;
  const total = WEIGHTS.reduce((a, b) => a + b, 0);
  return counts.reduce((sum, observed, i) => {
    const expected = (draws * WEIGHTS[i]!) / total;
    return sum + (observed - expected) ** 2 / expected;
  }, 0);
}

/** Chi-square with 7 degrees of freedom: above this by chance once in 1000 runs. */
const CRITICAL_7DF_P001 = 24.32;

describe('the spin draw', () => {
  it('follows the weights over 20,000 draws (chi-square within the 0.1% bound)', () => {
    expect(chiSquare()).toBeLessThan(CRITICAL_7DF_P001);
  });

  it('would be caught if it ignored the weights', () => {
    const uniform = (n: number) => Math.floor((Math.floor(Math.random() * WEIGHTS.length) * n) / WEIGHTS.length);
    expect(chiSquare(uniform)).toBeGreaterThan(CRITICAL_7DF_P001);
  });

  it('never draws a slice of weight 0, and maps each ticket to its slice', () => {
    const wheel = [
      { c: 'A', weight: 0 },
      { c: 'B', weight: 2 },
      { c: 'C', weight: 0 },
      { c: 'D', weight: 1 },
    ];
    expect([0, 1, 2].map((t) => drawSlice(wheel, () => t).c)).toEqual(['B', 'B', 'D']);
    expect(() => drawSlice([{ weight: 0 }])).toThrow(/positive total/);
  });
});
