/** Bangkok and Vientiane: UTC+7 all year (the server's slip hours, server/src/modules/deposit/slip-hours.ts). */
const LOCAL_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether slip uploads are closed at `now`: from the daily closing time (HH:mm, local) until midnight; 00:00 never closes. */
export function slipsClosedAt(closeTime: string | undefined, now: number): boolean {
  if (!closeTime) return false;
  const [h = 0, m = 0] = closeTime.split(':').map(Number);
  const closing = h * 60 + m;
  const minuteOfDay = Math.floor(((now + LOCAL_OFFSET_MS) % DAY_MS) / 60_000);
  return closing > 0 && minuteOfDay >= closing;
}
