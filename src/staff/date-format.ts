/** How long a console time is: dates with minutes (`short`) or with seconds (`medium`, the audit trail). */
export interface StaffTimeStyle {
  dateStyle: 'medium' | 'short';
  timeStyle: 'short' | 'medium';
}

/**
 * The console's times in its language (Intl), where the browser has that language's data. Chrome carries
 * none for Lao (Intl answers its English, "Nov 28, 2026, 7:05 PM"): there, and for any other language the
 * browser lacks, DD/MM/YYYY HH:mm (HH:mm:ss for `medium`), 24-hour, as the member site writes every date (§9).
 */
export function staffDateFormat(locale: string, style: StaffTimeStyle): { format(date: Date): string } {
  const intl = new Intl.DateTimeFormat(locale, style);
  const language = (tag: string) => tag.split('-')[0]!.toLowerCase();
  if (language(intl.resolvedOptions().locale) === language(locale)) return intl;
  const numeric = new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(style.timeStyle === 'medium' && { second: '2-digit' }),
    hourCycle: 'h23',
  });
  return { format: (date) => numeric.format(date).replace(', ', ' ') };
}
