import { randomInt } from 'node:crypto';

/**
 * The draw: a slice with probability weight / total weight. `random(n)` answers a whole number from 0
 * to n - 1; by default node:crypto's randomInt (a cryptographic source, without modulo bias), so
 * no one can predict the next prize from earlier ones. Slices of weight 0 are shown but never drawn.
 */
export function drawSlice<T extends { weight: number }>(slices: readonly T[], random: (n: number) => number = randomInt): T {
  const total = slices.reduce((sum, s) => sum + s.weight, 0);
  if (!Number.isSafeInteger(total) || total <= 0) throw new Error('a wheel needs a positive total weight');
  let ticket = random(total);
  for (const slice of slices) {
    if (ticket < slice.weight) return slice;
    ticket -= slice.weight;
  }
  throw new Error(`random(${total}) answered outside 0..${total - 1}`);
}
