/** ISO 8601 date-times read as instants, for the comparisons of `x-filters` (`not-before`, `not-after`): a
 * run's `created_at` against the `start_date` and `end_date` of the request. */

/** Milliseconds in an hour, a minute and a second: the unit of a decimal fraction of each. */
const MS_PER = { hour: 3_600_000, minute: 60_000, second: 1_000 } as const;
const MS_PER_DAY = 86_400_000;
type Field = string | undefined;

// Year, then a calendar, week or ordinal date; a time to the hour, minute or second with a fraction; a zone.
const EXTENDED =
  /^(\d{4})-(?:(\d{2})-(\d{2})|W(\d{2})-(\d)|(\d{3}))[Tt ](\d{2})(?::(\d{2})(?::(\d{2}))?)?(?:[.,](\d+))?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/;
const BASIC =
  /^(\d{4})(?:(\d{2})(\d{2})|W(\d{2})(\d)|(\d{3}))[Tt ](\d{2})(?:(\d{2})(\d{2})?)?(?:[.,](\d+))?(?:([Zz])|([+-])(\d{2})(\d{2})?)$/;

/** The instant an ISO 8601 date-time names, in milliseconds since 1970, or undefined; 24:00 and a leap second
 * (the next minute's first instant) are read too. */
export function isoInstant(text: string): number | undefined {
  // The longest form is about 40 characters: anything far longer is not a date-time (and no regex runs on it).
  if (text.length > 64) return undefined;
  const parts = EXTENDED.exec(text) ?? BASIC.exec(text);
  if (parts === null) return undefined;
  const [, year, month, day, week, weekday, ordinal, hour, minute, second, fraction, zulu, sign, offH, offM] =
    parts;
  const days = dayNumber(Number(year), [month, day, week, weekday, ordinal]);
  const time = timeOfDay(Number(hour), [minute, second, fraction]);
  if (days === undefined || time === undefined) return undefined;
  const offsetHours = zulu === undefined ? Number(offH) : 0;
  const offsetMinutes = offM === undefined ? 0 : Number(offM);
  if (offsetHours > 23 || offsetMinutes > 59) return undefined;
  const offset = (offsetHours * MS_PER.hour + offsetMinutes * MS_PER.minute) * (sign === '-' ? -1 : 1);
  return days * MS_PER_DAY + time - offset;
}

/** Days since 1970-01-01 of a calendar, week or ordinal date; undefined when a field is out of range (a day
 * past its month or year rolls over into the next, which tells it). */
function dayNumber(year: number, [month, day, week, weekday, ordinal]: Field[]): number | undefined {
  if (week !== undefined && weekday !== undefined) {
    // Week 1 is the week with 4 January; weeks start on Monday; a week belongs to the year of its Thursday.
    const d = Number(weekday);
    const january4 = daysFromCivil(year, 1, 4);
    // Days since Monday: 1970-01-01 (day 0) was a Thursday.
    const monday = january4 - ((((january4 + 3) % 7) + 7) % 7) + (Number(week) - 1) * 7;
    if (d < 1 || d > 7 || new Date((monday + 3) * MS_PER_DAY).getUTCFullYear() !== year) return undefined;
    return monday + d - 1;
  }
  const m = month === undefined ? 1 : Number(month);
  const d = Number(day ?? ordinal);
  const days = daysFromCivil(year, m, d);
  const date = new Date(days * MS_PER_DAY);
  if (m < 1 || m > 12 || d < 1 || date.getUTCFullYear() !== year) return undefined;
  return month === undefined || date.getUTCMonth() === m - 1 ? days : undefined;
}

/** Milliseconds since midnight; undefined when a field is out of range. */
function timeOfDay(hour: number, [minute, second, fraction]: Field[]): number | undefined {
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

/** Days since 1970-01-01 of a proleptic Gregorian date (`setUTCFullYear`, unlike `Date.UTC`, reads years below 100 as written). */
function daysFromCivil(year: number, month: number, day: number): number {
  return new Date(0).setUTCFullYear(year, month - 1, day) / MS_PER_DAY;
}
