import { tooMany } from './errors.js';

export interface Limit {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

export type LimitEntries = ReadonlyArray<readonly [key: string, limit: Limit]>;

/** Where the counts live: the database for every limit several instances must share, memory otherwise. */
export interface Counters {
  /**
   * Adds one to every key in its current fixed window (a new one of `limit.windowMs` from `now` when the
   * last has ended), atomically per key, and gives each key's count, this one included, in entry order.
   */
  add(entries: LimitEntries, now: number): Promise<number[]>;
  /** Takes one back from every key whose window is still running. */
  takeBack(keys: readonly string[], now: number): Promise<void>;
}

export interface Attempt {
  /** The attempt did not fail: it no longer counts. */
  succeeded(): Promise<void>;
}

const overLimit = (entries: LimitEntries, counts: readonly number[]) => entries.some(([, limit], i) => (counts[i] ?? 0) > limit.max);

/**
 * Fixed-window limits keyed by what is being protected (a phone, an address). A window ends by itself,
 * so a phone an attacker hammers is free again within minutes.
 */
export class RateLimiter {
  constructor(
    private readonly counters: Counters,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one for every key and gives each key's count in its window, this one included. */
  count(entries: LimitEntries): Promise<number[]> {
    return this.counters.add(entries, this.now());
  }

  /** Takes back one counted by `count` (an attempt that turned out not to be a failure). */
  release(keys: readonly string[]): Promise<void> {
    return this.counters.takeBack(keys, this.now());
  }

  /** Every call counts: throws REQUEST_LIMIT_1MIN when any key is over its limit. */
  async hit(entries: LimitEntries): Promise<void> {
    if (overLimit(entries, await this.count(entries))) throw tooMany('REQUEST_LIMIT_1MIN');
  }

  /**
   * Only failures count. The attempt counts at once, so attempts sent in parallel cannot all pass before
   * the first failure is counted; `succeeded` takes it back, and so does a refusal (REQUEST_LIMIT_1MIN
   * when a key is over its limit), which is not a failure either.
   */
  async attempt(entries: LimitEntries): Promise<Attempt> {
    const keys = entries.map(([key]) => key);
    const succeeded = () => this.release(keys);
    if (overLimit(entries, await this.count(entries))) {
      await succeeded();
      throw tooMany('REQUEST_LIMIT_1MIN');
    }
    return { succeeded };
  }
}

/** Counts of this process only: for limits that protect this process alone (the CSP report log). */
export class MemoryCounters implements Counters {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  add(entries: LimitEntries, now: number): Promise<number[]> {
    const counts = entries.map(([key, limit]) => {
      let w = this.windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + limit.windowMs };
        this.windows.set(key, w);
      }
      return ++w.count;
    });
    if (this.windows.size > 50_000) {
      for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    }
    return Promise.resolve(counts);
  }

  takeBack(keys: readonly string[], now: number): Promise<void> {
    for (const key of keys) {
      const w = this.windows.get(key);
      if (w && w.resetAt > now && w.count > 0) w.count -= 1;
    }
    return Promise.resolve();
  }
}

const minute = 60_000;
/**
 * Limits per call; a phone gets a few tries a minute, an address more. Many members share one address
 * (a carrier's NAT in the evening), so per-address limits count failures only, except where every call
 * costs (an OTP text) or is the abuse itself (guest chat).
 */
export const LIMITS = {
  /** Wrong passwords for one phone from one address: that address waits (see auth/lockout.ts). */
  loginFailPhoneAddress: { max: 5, windowMs: minute },
  /** Wrong passwords for one phone from anywhere: only devices the member signed in on before get through. */
  loginFailPhone: { max: 10, windowMs: minute },
  /** Wrong passwords (or unknown phones) from one address, whichever phones. */
  loginFailAddress: { max: 30, windowMs: minute },
  /** Wrong TOTP codes of one staff member (after a right password): a code has a million values. */
  staffTotpFail: { max: 5, windowMs: 5 * minute },
  /** Every text sent costs money: every send counts. */
  otpSendPhone: { max: 3, windowMs: minute },
  otpSendAddress: { max: 10, windowMs: minute },
  otpVerifyToken: { max: 10, windowMs: minute },
  otpVerifyFailAddress: { max: 30, windowMs: minute },
  /** Checks and registrations of one phone, answered or not (a verified phone probing bank accounts). */
  registerPhone: { max: 10, windowMs: minute },
  registerFailAddress: { max: 20, windowMs: minute },
  /** A signed-in member confirming the password (change of password or of payout account): wrong ones count. */
  passwordFailMember: { max: 5, windowMs: minute },
  passwordFailAddress: { max: 30, windowMs: minute },
  /** Chat messages of one conversation, and of all guests behind one address (a guest id costs nothing to make). */
  chatSendRoom: { max: 30, windowMs: minute },
  chatSendGuestAddress: { max: 120, windowMs: minute },
  /**
   * New guest conversations behind one address (each one rings every agent): a handful a minute, a few
   * dozen an hour, on top of the message limits; a message to a conversation already open counts not here.
   */
  chatOpenGuestMinute: { max: 5, windowMs: minute },
  chatOpenGuestHour: { max: 30, windowMs: 60 * minute },
  /** Chat uploads (up to 20 MB each) of one member, and of all guests behind one address. */
  chatUploadMember: { max: 10, windowMs: minute },
  chatUploadGuestAddress: { max: 30, windowMs: minute },
  /** An admin's tests of an outside system from the go-live list, of each kind: each costs a text or a verification. */
  goLiveTest: { max: 5, windowMs: minute },
  /** Deliveries of a gateway's webhook from one address that found no payment: each may have cost a call to the gateway. */
  gatewayWebhookAddress: { max: 120, windowMs: minute },
} satisfies Record<string, Limit>;
