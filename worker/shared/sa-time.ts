// South African days and dates, the same on both sides. South Africa keeps UTC+2 all year (no
// daylight saving), so a fixed offset is exact; dates are written out so the text never depends on
// the runtime's locale data.

export const SAST_OFFSET_MS = 2 * 3_600_000;
export const DAY_MS = 86_400_000;

/** The South African calendar day (YYYY-MM-DD) of an instant (now by default). */
export function southAfricanDay(instant: Date | number = new Date()): string {
  return new Date(+instant + SAST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC instant (ISO) at which South African day `day` (YYYY-MM-DD) starts. */
export function startOfSouthAfricanDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - SAST_OFFSET_MS).toISOString();
}

/** The last millisecond in South Africa of the day `days` after the instant `from`, as an ISO instant. */
export function endOfSouthAfricanDayAfter(from: Date, days: number): string {
  return new Date(Date.parse(`${addDays(southAfricanDay(from), days + 1)}T00:00:00Z`) - SAST_OFFSET_MS - 1).toISOString();
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** '9 February 2026', the day in South Africa; the text as given when it is not a date. */
export function formatLongDate(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const d = new Date(ms + SAST_OFFSET_MS);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** 'HH:MM' (24-hour) in South Africa. */
export function formatSouthAfricanTime(instant: Date | number): string {
  const d = new Date(+instant + SAST_OFFSET_MS);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}
