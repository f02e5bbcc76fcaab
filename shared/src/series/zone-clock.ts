import { IANAZone } from 'luxon';

/**
 * Local calendar arithmetic for one IANA zone, fast enough to label tens of thousands of buckets
 * per query. The zone rules come from luxon (and the platform's tz database through it); what
 * this adds is a cache of each UTC year's offset changes, so that an offset is a short array
 * walk instead of an `Intl` call. Resolving a local time that falls in a gap or an overlap
 * follows luxon's rule exactly, so results are the same as luxon's (the unit tests check this
 * against luxon over many zones and instants).
 */

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Offset changes are looked for at this step; tz rules never change twice within it. */
const PROBE_STEP = DAY;

interface YearOffsets {
  /** The UTC year: [start, end). */
  start: number;
  end: number;
  /** Offset (minutes) at the start of the UTC year. */
  initial: number;
  /** Changes within the year: from `at` on, the offset is `offset`. */
  changes: { at: number; offset: number }[];
}

export type CalendarUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

export interface ZoneClock {
  /** UTC offset at an instant, in minutes. */
  offset(instant: number): number;
  /** Start of the local calendar unit holding an instant (weeks start on Monday). */
  startOf(instant: number, unit: CalendarUnit): number;
  /** Start of the unit after the one starting at `start`. */
  nextStart(start: number, unit: CalendarUnit): number;
  /** ISO 8601 local date-time with offset, seconds always, milliseconds only when not zero. */
  iso(instant: number): string;
}

const floorTo = (value: number, step: number) => value - (((value % step) + step) % step);

const two = (value: number) => String(value).padStart(2, '0');

const TWO_DIGITS = Array.from({ length: 100 }, (_, value) => two(value));

/**
 * The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
 * `civil_from_days`, integer arithmetic only): labelling a bucket then needs no `Date`.
 */
const civilFromDays = (days: number): { year: number; month: number; day: number } => {
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day: dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1 };
};

const offsetLabel = (minutes: number, fixedUtc: boolean): string => {
  if (minutes === 0 && fixedUtc) return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${two(Math.floor(absolute / 60))}:${two(absolute % 60)}`;
};

class CachedZoneClock implements ZoneClock {
  private readonly years = new Map<number, YearOffsets>();
  /** The year last looked at: consecutive buckets nearly always fall in it. */
  private recent: YearOffsets | null = null;
  private readonly fixedUtc: boolean;

  constructor(
    private readonly zone: IANAZone,
    name: string,
  ) {
    // luxon answers 'UTC' and 'GMT' with its fixed UTC zone, whose ISO offset is written 'Z'.
    this.fixedUtc = ['utc', 'gmt'].includes(name.toLowerCase());
  }

  offset(instant: number): number {
    const { initial, changes } = this.yearOf(instant);
    let offset = initial;
    for (const change of changes) {
      if (instant < change.at) break;
      offset = change.offset;
    }
    return offset;
  }

  startOf(instant: number, unit: CalendarUnit): number {
    const offset = this.offset(instant);
    const local = instant + offset * MINUTE;
    return this.fromLocal(this.localStart(local, unit), offset);
  }

  nextStart(start: number, unit: CalendarUnit): number {
    if (unit === 'minute') return this.startOf(start + MINUTE, unit);
    if (unit === 'hour') return this.startOf(start + HOUR, unit);
    const offset = this.offset(start);
    const local = new Date(start + offset * MINUTE);
    const [year, month, day] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
    const time = local.getTime() - Date.UTC(year, month, day);
    const next =
      unit === 'day' ? Date.UTC(year, month, day + 1)
      : unit === 'week' ? Date.UTC(year, month, day + 7)
      : unit === 'month' ? Date.UTC(year, month + 1, Math.min(day, daysInMonth(year, month + 1)))
      : Date.UTC(year + 1, month, Math.min(day, daysInMonth(year + 1, month)));
    return this.startOf(this.fromLocal(next + time, offset), unit);
  }

  iso(instant: number): string {
    const offset = this.offset(instant);
    const local = instant + offset * MINUTE;
    const days = Math.floor(local / DAY);
    const { year, month, day } = civilFromDays(days);
    if (year < 1000 || year > 9999) return this.isoOfOtherYear(local, offset);
    const time = local - days * DAY;
    const milliseconds = time % 1000;
    return (
      `${year}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}` +
      `T${TWO_DIGITS[Math.floor(time / HOUR)]}:${TWO_DIGITS[Math.floor(time / MINUTE) % 60]}:${TWO_DIGITS[Math.floor(time / 1000) % 60]}` +
      (milliseconds ? `.${String(milliseconds).padStart(3, '0')}` : '') +
      this.offsetLabel(offset)
    );
  }

  /** Years of fewer or more than four digits, through `Date` (rare: the fast path above is for the usual ones). */
  private isoOfOtherYear(local: number, offset: number): string {
    const date = new Date(local);
    const milliseconds = date.getUTCMilliseconds();
    return (
      `${String(date.getUTCFullYear()).padStart(4, '0')}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}` +
      `T${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}` +
      (milliseconds ? `.${String(milliseconds).padStart(3, '0')}` : '') +
      this.offsetLabel(offset)
    );
  }

  private readonly offsetLabels = new Map<number, string>();

  private offsetLabel(minutes: number): string {
    let label = this.offsetLabels.get(minutes);
    if (label === undefined) {
      label = offsetLabel(minutes, this.fixedUtc);
      this.offsetLabels.set(minutes, label);
    }
    return label;
  }

  private localStart(local: number, unit: CalendarUnit): number {
    if (unit === 'minute') return floorTo(local, MINUTE);
    if (unit === 'hour') return floorTo(local, HOUR);
    const day = floorTo(local, DAY);
    if (unit === 'day') return day;
    const date = new Date(day);
    if (unit === 'week') return day - ((date.getUTCDay() + 6) % 7) * DAY;
    if (unit === 'month') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    return Date.UTC(date.getUTCFullYear(), 0, 1);
  }

  /**
   * The instant of a local time, guessing the offset first: in a gap the time moves forward by
   * the gap, in an overlap the guessed offset wins when it is one of the two (luxon's rule).
   */
  private fromLocal(local: number, guess: number): number {
    let instant = local - guess * MINUTE;
    const second = this.offset(instant);
    if (second === guess) return instant;
    instant -= (second - guess) * MINUTE;
    const third = this.offset(instant);
    if (second === third) return instant;
    return local - Math.min(second, third) * MINUTE;
  }

  private yearOf(instant: number): YearOffsets {
    const recent = this.recent;
    if (recent && instant >= recent.start && instant < recent.end) return recent;
    const year = new Date(instant).getUTCFullYear();
    let offsets = this.years.get(year);
    if (!offsets) {
      offsets = this.probeYear(year);
      this.years.set(year, offsets);
    }
    this.recent = offsets;
    return offsets;
  }

  /** Samples the year once a day and pins each change to the millisecond by bisection. */
  private probeYear(year: number): YearOffsets {
    const start = Date.UTC(year, 0, 1);
    const end = Date.UTC(year + 1, 0, 1);
    const initial = this.zone.offset(start);
    const changes: YearOffsets['changes'] = [];
    let [before, beforeOffset] = [start, initial];
    for (let probe = Math.min(start + PROBE_STEP, end); before < end; probe = Math.min(probe + PROBE_STEP, end)) {
      const probeOffset = this.zone.offset(probe);
      if (probeOffset !== beforeOffset) {
        let [low, high] = [before, probe];
        while (high - low > 1) {
          const middle = Math.floor((low + high) / 2);
          if (this.zone.offset(middle) === beforeOffset) low = middle;
          else high = middle;
        }
        changes.push({ at: high, offset: this.zone.offset(high) });
      }
      [before, beforeOffset] = [probe, probeOffset];
    }
    return { start, end, initial, changes };
  }
}

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

const clocks = new Map<string, ZoneClock>();

/** The clock of a zone, built once per zone name. Throws on an unknown zone. */
export const zoneClock = (zone: string): ZoneClock => {
  let clock = clocks.get(zone);
  if (!clock) {
    const iana = IANAZone.create(zone);
    if (!iana.isValid) throw new Error(`Unknown time zone ${zone}`);
    clock = new CachedZoneClock(iana, zone);
    clocks.set(zone, clock);
  }
  return clock;
};
