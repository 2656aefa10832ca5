import type { Settings } from './registry.js';

/**
 * Where members' deposits go (issue 39): the `deposit` setting's accounts. Pointing members at an account is
 * where one person could steal money, so a change that adds an account, brings a retired one back or alters
 * one's bank, number or currency takes two admins; a change that only narrows where money goes (retiring,
 * removing), renames or toggles `isManual` stays one admin's. These are the rules both paths (the console's
 * settings and deposit-accounts screens, the CLI) apply.
 */

export type Deposit = Settings['deposit'];
export type DepositBank = Deposit['banks'][number];

/**
 * How long after its retirement a transfer to a retired account is still credited from its slip: a member
 * who read the account just before (a cached page, a saved number) is not turned away with their money gone.
 */
export const RETIRED_GRACE_MS = 24 * 60 * 60 * 1000;

/** What an account is, where money goes: a change of any part is a different account. */
export const accountKey = (b: Pick<DepositBank, 'bankType' | 'bankCode' | 'bankAccountNo' | 'currency'>) =>
  `${b.bankType}:${b.bankCode}:${b.bankAccountNo}:${b.currency}`;

/** Whether members are no longer shown it at `now`. */
export const isRetired = (b: Pick<DepositBank, 'retiredAt'>, now: number) => b.retiredAt !== undefined && b.retiredAt <= now;

/** Whether a transfer made at `at` to this account is still ours to credit: active then, or within the grace after retirement. */
export const takesTransferAt = (b: Pick<DepositBank, 'retiredAt'>, at: number) =>
  b.retiredAt === undefined || at < b.retiredAt + RETIRED_GRACE_MS;

/** The accounts members are shown at `now`. */
export const offeredBanks = (deposit: Deposit, now: number) => deposit.banks.filter((b) => !isRetired(b, now));

/** Until when an account takes money: its retirement, or forever. */
const endOf = (b: DepositBank) => b.retiredAt ?? Number.POSITIVE_INFINITY;

/**
 * Whether `after` sends money anywhere `before` did not: a deposit account (bankType DEPOSIT, by accountKey) it
 * did not have, or one taking money longer than before (a retirement undone or moved later). Retiring, removing,
 * renaming do not; nor do QR providers (QRCODE), whose payments go to the `qrcode` setting's biller.
 */
export function widensDeposit(before: Deposit | undefined, after: Deposit): boolean {
  const was = new Map<string, number>();
  for (const b of before?.banks ?? []) was.set(accountKey(b), Math.max(was.get(accountKey(b)) ?? 0, endOf(b)));
  return after.banks.some((b) => {
    if (b.bankType !== 'DEPOSIT') return false;
    const end = was.get(accountKey(b));
    return end === undefined || endOf(b) > end;
  });
}

/**
 * The value a second admin's approval writes: the proposal's, with its retirements dated at the approval (a
 * rotation retires the old account when the new one is approved, not when it was proposed) and every
 * retirement made since the proposal kept (one admin retired an account meanwhile: the approval does not bring it back).
 */
export function approvedDeposit(current: Deposit | undefined, proposed: Deposit, proposedAt: number, now: number): Deposit {
  const retiredSince = new Map<string, number>();
  const activeNow = new Set<string>();
  for (const b of current?.banks ?? []) {
    if (b.retiredAt === undefined) activeNow.add(accountKey(b));
    else if (b.retiredAt >= proposedAt) retiredSince.set(accountKey(b), b.retiredAt);
  }
  return {
    ...proposed,
    banks: proposed.banks.map((b) => {
      const key = accountKey(b);
      const since = retiredSince.get(key);
      if (since !== undefined && (b.retiredAt === undefined || b.retiredAt > since)) return { ...b, retiredAt: since };
      // retired by the proposal: from now
      if (b.retiredAt !== undefined && activeNow.has(key)) return { ...b, retiredAt: now };
      return b;
    }),
  };
}

/**
 * `after` with every deposit account `before` had and `after` leaves out kept, retired (from `now` when it
 * was active): an account is retired, never forgotten. A slip shows only some digits of the account it was
 * sent to, and the slip check needs every account ever ours to tell a transfer to an old account from one to
 * a new account showing the same digits (deposit/slips.ts); a member who just sent to a dropped account keeps
 * the grace a retirement gives. Every writer of the setting (the console's and the CLI's settings, an
 * approved proposal) keeps them so.
 */
export function keepingRemovedAccounts(before: Deposit | undefined, after: Deposit, now: number): Deposit {
  const listed = new Set(after.banks.map(accountKey));
  const dropped = (before?.banks ?? []).filter((b) => b.bankType === 'DEPOSIT' && !listed.has(accountKey(b)));
  if (!dropped.length) return after;
  // the same account listed twice before (retired, then added again) is kept once, its latest entry
  const kept = new Map(dropped.map((b) => [accountKey(b), b]));
  return {
    ...after,
    banks: [
      ...after.banks,
      ...[...kept.values()].map((b) => (b.retiredAt !== undefined && b.retiredAt <= now ? b : { ...b, retiredAt: now })),
    ],
  };
}
