import { closingMinutes, DAY_MS, localDayStart } from '../../../../contract/slip-hours.js';

/**
 * The slip's upload deadline (§2 Deposit modal). The intake hours themselves (closed from the `slip`
 * setting's closeTime until midnight) are contract/slip-hours.ts's, which the site shares. A slip must
 * be uploaded within an hour of its transfer, and that hour never runs out while intake is closed: a
 * transfer made during the closed hours, or within the hour before closing, has its hour from the
 * reopening (midnight) on.
 */
export { slipsClosed } from '../../../../contract/slip-hours.js';

/** A slip must be uploaded within 1 hour of the transfer (§2). */
export const SLIP_MAX_AGE_MS = 60 * 60 * 1000;

/** The last moment a slip of a transfer made at `sentAt` may be uploaded. */
export function slipDeadline(closeTime: string, sentAt: number): number {
  const plain = sentAt + SLIP_MAX_AGE_MS;
  const closing = closingMinutes(closeTime);
  if (closing === 0) return plain;
  const day = localDayStart(sentAt);
  const closesAt = day + closing * 60_000;
  // the hour was cut by the closing (or the transfer was made while closed): it runs from the reopening
  return plain > closesAt ? day + DAY_MS + SLIP_MAX_AGE_MS : plain;
}
