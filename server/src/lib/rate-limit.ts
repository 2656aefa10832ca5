import { tooMany } from './errors.js';

interface Window {
  count: number;
  resetAt: number;
}

export interface Limit {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in memory, keyed by what is being protected (a phone, an address).
 * A window ends by itself, so a phone an attacker hammers is free again within minutes; counters of
 * several server instances are separate, which only loosens the limit by the number of instances.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one hit for every key and throws REQUEST_LIMIT_1MIN when any key is over its limit. */
  hit(entries: ReadonlyArray<readonly [key: string, limit: Limit]>): void {
    const t = this.now();
    const over = entries.some(([key, limit]) => {
      let w = this.windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + limit.windowMs };
        this.windows.set(key, w);
      }
      w.count += 1;
      return w.count > limit.max;
    });
    if (this.windows.size > 50_000) this.sweep(t);
    if (over) throw tooMany('REQUEST_LIMIT_1MIN');
  }

  /** Whether `key` has used up its limit in the current window; counts nothing. */
  exceeded(key: string, limit: Limit): boolean {
    const w = this.windows.get(key);
    return !!w && w.resetAt > this.now() && w.count >= limit.max;
  }

  /** Counts one event (a failure) for every key without refusing anything; `exceeded` reads the counts. */
  record(entries: ReadonlyArray<readonly [key: string, limit: Limit]>): void {
    const t = this.now();
    for (const [key, limit] of entries) {
      let w = this.windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + limit.windowMs };
        this.windows.set(key, w);
      }
      w.count += 1;
    }
    if (this.windows.size > 50_000) this.sweep(t);
  }

  /** Takes back one event counted by `record` (an attempt that turned out not to be a failure). */
  release(keys: readonly string[]): void {
    for (const key of keys) {
      const w = this.windows.get(key);
      if (w && w.count > 0) w.count -= 1;
    }
  }

  private sweep(t: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= t) this.windows.delete(key);
  }
}

const minute = 60_000;
/** Limits per call; a phone gets a few tries a minute, an address (many members behind one NAT) more. */
export const LIMITS = {
  /** Wrong passwords for one phone from one address: that address waits (see auth/lockout.ts). */
  loginFailPhoneAddress: { max: 5, windowMs: minute },
  /** Wrong passwords for one phone from anywhere: only devices the member signed in on before get through. */
  loginFailPhone: { max: 10, windowMs: minute },
  loginAddress: { max: 30, windowMs: minute },
  otpSendPhone: { max: 3, windowMs: minute },
  otpSendAddress: { max: 10, windowMs: minute },
  otpVerifyToken: { max: 10, windowMs: minute },
  otpVerifyAddress: { max: 30, windowMs: minute },
  registerPhone: { max: 10, windowMs: minute },
  registerAddress: { max: 20, windowMs: minute },
  /** A signed-in member confirming the password (change of password or of payout account). */
  passwordMember: { max: 5, windowMs: minute },
  passwordAddress: { max: 30, windowMs: minute },
  /** Chat messages of one conversation, and of all guests behind one address (a guest id costs nothing to make). */
  chatSendRoom: { max: 30, windowMs: minute },
  chatSendGuestAddress: { max: 120, windowMs: minute },
  /** Chat uploads (up to 20 MB each) of one member, and of all guests behind one address. */
  chatUploadMember: { max: 10, windowMs: minute },
  chatUploadGuestAddress: { max: 30, windowMs: minute },
} satisfies Record<string, Limit>;
