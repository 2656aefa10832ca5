/**
 * Where the wheel stops (§4 Spin wheel). Slice i spans [i, i + 1) x (360 / n) degrees clockwise from
 * 12 o'clock, where the pointer is; turning the wheel clockwise by r degrees brings the point at
 * angle a to a + r. The server has drawn the slice: the wheel only shows it.
 */

export const MIN_TURNS = 2;
export const MAX_TURNS = 3;
export const MIN_DURATION_MS = 4000;
export const MAX_DURATION_MS = 5000;
/** Friction: fast at first, slowing to a stop (ease-out, no overshoot). */
export const FRICTION_EASING = 'cubic-bezier(0.15, 0.85, 0.25, 1)';

const mod = (a: number, m: number) => ((a % m) + m) % m;

/** The slice under the pointer when the wheel is turned by `rotation` degrees. */
export function sliceAtPointer(rotation: number, count: number): number {
  const segment = 360 / count;
  return Math.floor(mod(-rotation, 360) / segment) % count;
}

/**
 * The rotation to end on, from `current`: `turns` whole turns plus what brings slice `index` under the
 * pointer. `offset` (-0.5 to 0.5) places the pointer off the slice's middle, kept inside the slice so
 * a border never looks like the other prize.
 */
export function finalRotation(current: number, index: number, count: number, turns: number, offset = 0): number {
  const segment = 360 / count;
  const inSlice = Math.max(-0.4, Math.min(0.4, offset));
  const target = mod(-(index + 0.5 + inSlice) * segment, 360);
  return current + turns * 360 + mod(target - mod(current, 360), 360);
}

/** A spin's look, from a random source (Math.random in use, fixed in tests): 2 or 3 extra turns, 4 to 5 s, where in the slice it stops. */
export function spinPlan(random: () => number = Math.random): { turns: number; durationMs: number; offset: number } {
  const turns = MIN_TURNS + Math.min(MAX_TURNS - MIN_TURNS, Math.floor(random() * (MAX_TURNS - MIN_TURNS + 1)));
  const durationMs = Math.round(MIN_DURATION_MS + random() * (MAX_DURATION_MS - MIN_DURATION_MS));
  return { turns, durationMs, offset: random() - 0.5 };
}
