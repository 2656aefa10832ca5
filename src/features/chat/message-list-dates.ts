const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string, kind: 'time' | 'day'): Intl.DateTimeFormat {
  const key = `${locale} ${kind}`;
  let f = formats.get(key);
  if (!f) {
    // Gregorian years and Latin digits in every language, as the rest of the site shows dates (§9)
    const options: Intl.DateTimeFormatOptions =
      kind === 'time'
        ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
        : { day: 'numeric', month: 'long', year: 'numeric', calendar: 'gregory' };
    f = new Intl.DateTimeFormat(`${locale}-u-nu-latn`, options);
    formats.set(key, f);
  }
  return f;
}

const parse = (iso: string): Date | undefined => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

/** HH:mm in the device's time zone; '' for a date that does not parse. */
export function timeOf(iso: string, locale: string): string {
  const d = parse(iso);
  return d ? format(locale, 'time').format(d) : '';
}

/** The local calendar day a message belongs to, to put a separator where it changes. */
export function dayKey(iso: string): string | undefined {
  const d = parse(iso);
  return d && `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

/** How many calendar days before `now` (0 today, 1 yesterday), counted in local days, not 24-hour spans. */
export function daysAgo(iso: string, now = new Date()): number | undefined {
  const d = parse(iso);
  if (!d) return undefined;
  const midnight = (x: Date) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  // rounded: a day with a daylight-saving change is 23 or 25 hours long
  return Math.round((midnight(now) - midnight(d)) / 86_400_000);
}

export function dayOf(iso: string, locale: string): string {
  const d = parse(iso);
  return d ? format(locale, 'day').format(d) : '';
}
