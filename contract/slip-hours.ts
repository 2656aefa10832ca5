/**
 * The daily slip intake hours (§2 Deposit modal, the `slip` setting's closeTime, HH:mm local time):
 * slips are not taken from the closing time until midnight; 00:00 closes at midnight, that is never.
 * One rule for both sides: the server refuses a slip with SLIP_CLOSED, the site says so before the
 * member picks one. Pure, no imports.
 */

/** Bangkok and Vientiane: UTC+7 all year. */
const LOCAL_OFFSET_MS = 7 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The closing time as minutes after local midnight (0: never closes). */
export const closingMinutes = (closeTime: string) => {
  const [h = 0, m = 0] = closeTime.split(':').map(Number);
  return h * 60 + m;
};

/** The start (epoch ms) of the local day `at` falls in. */
export const localDayStart = (at: number) => Math.floor((at + LOCAL_OFFSET_MS) / DAY_MS) * DAY_MS - LOCAL_OFFSET_MS;

/** Whether slips are refused at `now`: from the daily closing time until midnight. */
export function slipsClosed(closeTime: string, now: number): boolean {
  const closing = closingMinutes(closeTime);
  return closing > 0 && now >= localDayStart(now) + closing * 60_000;
}
