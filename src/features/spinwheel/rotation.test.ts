import { describe, expect, it } from 'vitest';
import { finalRotation, MAX_DURATION_MS, MIN_DURATION_MS, sliceAtPointer, spinPlan } from './rotation';

describe('where the wheel stops (§4: the server drew the slice, 2 to 3 extra turns, 4 to 5 s)', () => {
  it('lands every slice of every wheel size under the pointer, from any starting angle', () => {
    for (const count of [2, 3, 8, 16]) {
      for (let index = 0; index < count; index += 1) {
        for (const current of [0, 17, 359, 720 + 45, -30]) {
          for (const offset of [-0.5, -0.2, 0, 0.3, 0.5]) {
            const end = finalRotation(current, index, count, 2, offset);
            expect(sliceAtPointer(end, count)).toBe(index);
          }
        }
      }
    }
  });

  it('turns forward by the whole turns asked plus less than one more', () => {
    for (const turns of [2, 3]) {
      for (const current of [0, 100, 1090]) {
        const travel = finalRotation(current, 5, 8, turns) - current;
        expect(travel).toBeGreaterThanOrEqual(turns * 360);
        expect(travel).toBeLessThan((turns + 1) * 360);
      }
    }
  });

  it('stops in the middle of slice 0 of 8 at -22.5 degrees (one full turn is 360)', () => {
    expect(finalRotation(0, 0, 8, 2)).toBe(720 + 337.5);
    expect(finalRotation(0, 2, 8, 3)).toBe(1080 + 247.5);
  });

  it('plans 2 or 3 turns and 4 to 5 seconds', () => {
    expect(spinPlan(() => 0)).toEqual({ turns: 2, durationMs: MIN_DURATION_MS, offset: -0.5 });
    expect(spinPlan(() => 0.9999)).toMatchObject({ turns: 3, durationMs: MAX_DURATION_MS });
    for (let i = 0; i < 200; i += 1) {
      const plan = spinPlan();
      expect([2, 3]).toContain(plan.turns);
      expect(plan.durationMs).toBeGreaterThanOrEqual(4000);
      expect(plan.durationMs).toBeLessThanOrEqual(5000);
    }
  });
});
