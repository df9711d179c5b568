/** ISO 8601 date-times read as instants, for the comparisons of `x-filters` (`not-before`, `not-after`): a
 * run's `created_at` against the `start_date` and `end_date` of the request. */

/** Milliseconds in an hour, a minute and a second: the unit of a decimal fraction of each. */
const MS_PER = { hour: 3_600_000, minute: 60_000, second: 1_000 } as const;
const MS_PER_DAY = 86_400_000;

// Year, then a calendar (month, day), week (week, weekday) or ordinal (day of year) date; a time to the hour,
// minute or second with a fraction of the last; a zone.
const EXTENDED =
  /^(\d{4})-(?:(\d{2})-(\d{2})|W(\d{2})-(\d)|(\d{3}))[Tt ](\d{2})(?::(\d{2})(?::(\d{2}))?)?(?:[.,](\d+))?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/;
const BASIC =
  /^(\d{4})(?:(\d{2})(\d{2})|W(\d{2})(\d)|(\d{3}))[Tt ](\d{2})(?:(\d{2})(\d{2})?)?(?:[.,](\d+))?(?:([Zz])|([+-])(\d{2})(\d{2})?)$/;

/** The instant an ISO 8601 date-time names, in milliseconds since 1970-01-01T00:00:00Z (a fraction below the
 * millisecond kept as far as a double holds it, about a quarter of a microsecond today), or undefined when it
 * is not one: a calendar, week or ordinal date in the extended or basic format; a time to the hour, minute or
 * second, with a decimal fraction (`.` or `,`) of the last; 24:00 for the end of a day; 60 for a leap second
 * (read as the first instant of the next minute); and a zone, `Z` or an offset. */
export function isoInstant(text: string): number | undefined {
  // The longest form is about 40 characters: anything far longer is not a date-time (and no regex runs on it).
  if (text.length > 64) return undefined;
  const parts = EXTENDED.exec(text) ?? BASIC.exec(text);
  if (parts === null) return undefined;
  const [, year, month, day, week, weekday, ordinal, hour, minute, second, fraction, zulu, sign, offH, offM] =
    parts;
  const days = dayNumber(Number(year), month, day, week, weekday, ordinal);
  const time = timeOfDay(Number(hour), minute, second, fraction);
  if (days === undefined || time === undefined) return undefined;
  let offset = 0;
  if (zulu === undefined) {
    const offsetHours = Number(offH);
    const offsetMinutes = offM === undefined ? 0 : Number(offM);
    if (offsetHours > 23 || offsetMinutes > 59) return undefined;
    offset = offsetHours * MS_PER.hour + offsetMinutes * MS_PER.minute;
    if (sign === '-') offset = -offset;
  }
  return days * MS_PER_DAY + time - offset;
}

/** Days since 1970-01-01 of a calendar, week or ordinal date; undefined when a field is out of range. */
function dayNumber(
  year: number,
  month: string | undefined,
  day: string | undefined,
  week: string | undefined,
  weekday: string | undefined,
  ordinal: string | undefined,
): number | undefined {
  if (month !== undefined && day !== undefined) {
    const m = Number(month);
    const d = Number(day);
    if (m < 1 || m > 12 || d < 1 || d > daysInMonth(year, m)) return undefined;
    return daysFromCivil(year, m, d);
  }
  if (week !== undefined && weekday !== undefined) {
    const w = Number(week);
    const d = Number(weekday);
    if (w < 1 || w > weeksInYear(year) || d < 1 || d > 7) return undefined;
    // Week 1 is the week with 4 January; weeks start on Monday.
    const january4 = daysFromCivil(year, 1, 4);
    const mondayOfWeek1 = january4 - (isoWeekday(january4) - 1);
    return mondayOfWeek1 + (w - 1) * 7 + (d - 1);
  }
  const n = Number(ordinal);
  if (n < 1 || n > (isLeapYear(year) ? 366 : 365)) return undefined;
  return daysFromCivil(year, 1, 1) + n - 1;
}

/** Milliseconds since midnight; undefined when a field is out of range. */
function timeOfDay(
  hour: number,
  minute: string | undefined,
  second: string | undefined,
  fraction: string | undefined,
): number | undefined {
  const m = minute === undefined ? 0 : Number(minute);
  const s = second === undefined ? 0 : Number(second);
  // Digits past the twentieth cannot change a double.
  const fractional = fraction === undefined ? 0 : Number(`0.${fraction.slice(0, 20)}`);
  if (hour === 24) {
    // 24:00 is the end of the day, and nothing past it.
    if (m !== 0 || s !== 0 || fractional !== 0) return undefined;
  } else if (hour > 23 || m > 59 || s > 60) {
    return undefined;
  }
  const unit = second !== undefined ? MS_PER.second : minute !== undefined ? MS_PER.minute : MS_PER.hour;
  return hour * MS_PER.hour + m * MS_PER.minute + s * MS_PER.second + fractional * unit;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** 53 when the year starts on a Thursday, or on a Wednesday in a leap year; else 52. */
function weeksInYear(year: number): number {
  const january1 = isoWeekday(daysFromCivil(year, 1, 1));
  return january1 === 4 || (january1 === 3 && isLeapYear(year)) ? 53 : 52;
}

/** Monday 1 to Sunday 7 of a day number (1970-01-01 was a Thursday). */
function isoWeekday(days: number): number {
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (the era arithmetic of H. Hinnant's `days_from_civil`). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}
