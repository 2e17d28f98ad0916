// South African working days: Monday to Friday except public holidays (Public Holidays Act 36 of
// 1994). Written out here rather than taken from a holiday library: the rules are a dozen lines,
// and the libraries that carry South Africa bring every country's calendar and a time-zone database
// into the Worker and the web bundle. Days are 'YYYY-MM-DD' South African days (sa-time.ts).
// Holidays the President declares for one year only (e.g. an election day) are not in the Act and
// so are not known here: a window may then come out one day short.
import { addDays } from './sa-time';

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm), as 'YYYY-MM-DD'. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The Act's fixed dates (month-day); Good Friday and Family Day follow Easter. */
const FIXED_HOLIDAYS = ['01-01', '03-21', '04-27', '05-01', '06-16', '08-09', '09-24', '12-16', '12-25', '12-26'];

/** 0 = Sunday ... 6 = Saturday. */
function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

const holidayCache = new Map<number, ReadonlySet<string>>();

/** The public holidays of a year, with the Monday after each one that falls on a Sunday (section 2(1) of the Act). */
export function publicHolidays(year: number): ReadonlySet<string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const days = new Set([addDays(easter, -2), addDays(easter, 1)]);
  for (const monthDay of FIXED_HOLIDAYS) {
    const day = `${year}-${monthDay}`;
    days.add(day);
    // Christmas on a Sunday: the Monday is already the Day of Goodwill, so no further day is added.
    if (weekday(day) === 0) days.add(addDays(day, 1));
  }
  holidayCache.set(year, days);
  return days;
}

export function isPublicHoliday(day: string): boolean {
  return publicHolidays(Number(day.slice(0, 4))).has(day);
}

/** Monday to Friday and not a public holiday. */
export function isWorkingDay(day: string): boolean {
  const w = weekday(day);
  return w !== 0 && w !== 6 && !isPublicHoliday(day);
}

/** The day `n` working days after `day` (n >= 0); 0 gives `day` itself, working day or not. */
export function addWorkingDays(day: string, n: number): string {
  let at = day;
  for (let left = Math.max(0, Math.floor(n)); left > 0;) {
    at = addDays(at, 1);
    if (isWorkingDay(at)) left -= 1;
  }
  return at;
}

/** `day` when it is a working day, else the next working day. */
export function workingDayOnOrAfter(day: string): string {
  return isWorkingDay(day) ? day : addWorkingDays(day, 1);
}
