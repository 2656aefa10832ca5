/**
 * The daily slip intake hours (§2 Deposit modal, the `slip` setting's closeTime, local time): slips are
 * not taken from the closing time until midnight; 00:00 closes at midnight, that is never. A slip must
 * be uploaded within an hour of its transfer, and that hour never runs out while intake is closed: a
 * transfer made during the closed hours, or within the hour before closing, has its hour from the
 * reopening (midnight) on.
 */

/** A slip must be uploaded within 1 hour of the transfer (§2). */
export const SLIP_MAX_AGE_MS = 60 * 60 * 1000;
/** Bangkok and Vientiane: UTC+7 all year. */
const LOCAL_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const closingMinutes = (closeTime: string) => {
  const [h = 0, m = 0] = closeTime.split(':').map(Number);
  return h * 60 + m;
};
/** The start (epoch ms) of the local day `at` falls in. */
const localDayStart = (at: number) => Math.floor((at + LOCAL_OFFSET_MS) / DAY_MS) * DAY_MS - LOCAL_OFFSET_MS;

/** Whether slips are refused at `now`: from the daily closing time until midnight. */
export function slipsClosed(closeTime: string, now: number): boolean {
  const closing = closingMinutes(closeTime);
  return closing > 0 && now >= localDayStart(now) + closing * 60_000;
}

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
