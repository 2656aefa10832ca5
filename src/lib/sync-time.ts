/**
 * §9 DD/MM/YYYY HH:mm:ss of a moment the app itself recorded (a query's `dataUpdatedAt`: epoch ms), in the
 * device's time, Gregorian years and Latin digits in every language, as dates.ts `formatDateTime` writes it,
 * without dayjs: the sync time beside a saved balance, and the data-status line of the public pages, paint
 * without waiting for the date library and its locales (dates.ts: time-ago, long dates, server times).
 */
export function formatSyncTime(ms: number): string {
  const d = new Date(ms);
  if (!Number.isFinite(ms) || Number.isNaN(d.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}
