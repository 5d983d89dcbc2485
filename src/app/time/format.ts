/**
 * Every date-time the app shows, in one place: in the member's own time zone (the browser's), with
 * the zone named as an offset ('Tue 24 Nov, 19:30 GMT+1'), so a time means the same to him as to
 * the broadcaster on the other side. The one GMT display the spec asks for (the show detail) is
 * here too. Times come in seconds, as on the wire.
 */

export interface ZoneOptions {
  /** An IANA zone; the browser's own when left out (tests fix one). */
  timeZone?: string;
}

export interface WhenOptions extends ZoneOptions {
  /** The moment the label is read at, in ms (decides 'today' and whether the year is shown). */
  now?: number;
}

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A named zone other than the browser's (tests fix one): creating a formatter is slow, one per zone. */
function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      // 'GMT+1', 'GMT-4', 'GMT+5:30', 'GMT': unambiguous and comparable with the shows' GMT.
      timeZoneName: 'shortOffset',
    });
    formatters.set(key, f);
  }
  return f;
}

/** en-GB's short names, as its formatter gives them ('Sept' included). */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** 'GMT', 'GMT+1', 'GMT-4', 'GMT+5:30': an offset east of GMT in minutes, named as ICU names it. */
export function offsetName(minutes: number): string {
  if (minutes === 0) return 'GMT';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `GMT${minutes > 0 ? '+' : '-'}${Math.floor(abs / 60)}${rest ? `:${twoDigits(rest)}` : ''}`;
}

/**
 * The browser's own zone and UTC, read off Date itself. Building the first Intl formatter costs a
 * phone some 25 ms of blocked page (the zone data loads), and every screen with a time paid it
 * while it first painted; Date already knows both zones.
 */
function dateParts(ms: number, utc: boolean): Parts {
  const d = new Date(ms);
  const [year, month, day, weekday, hour, minute] = utc
    ? [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCDay(), d.getUTCHours(), d.getUTCMinutes()]
    : [d.getFullYear(), d.getMonth(), d.getDate(), d.getDay(), d.getHours(), d.getMinutes()];
  return {
    weekday: WEEKDAYS[weekday],
    day: String(day),
    month: MONTHS[month],
    year: String(year),
    hour: twoDigits(hour),
    minute: twoDigits(minute),
    timeZoneName: offsetName(utc ? 0 : -d.getTimezoneOffset()),
  };
}

function parts(ms: number, timeZone: string | undefined): Parts {
  if (timeZone === undefined || timeZone === 'UTC') return dateParts(ms, timeZone === 'UTC');
  const out: Parts = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) out[p.type] = p.value;
  // ICU names the zero offset 'GMT+0' (or 'UTC'): plain 'GMT', as the shows' times read.
  if (out.timeZoneName === 'GMT+0' || out.timeZoneName === 'UTC') out.timeZoneName = 'GMT';
  return out;
}

const sameDay = (a: Parts, b: Parts) => a.day === b.day && a.month === b.month && a.year === b.year;

/** The zone's name at that moment ('GMT+1'; summer time may change it). */
export function zoneName(seconds: number, options: ZoneOptions = {}): string {
  return parts(seconds * 1000, options.timeZone).timeZoneName ?? '';
}

/** '19:30' in the member's zone (a list that names the zone once, as the booking time picker). */
export function timeOfDay(seconds: number, options: ZoneOptions = {}): string {
  const p = parts(seconds * 1000, options.timeZone);
  return `${p.hour}:${p.minute}`;
}

/** 'Tue 24 Nov, 19:30 GMT+1'; the year is added when it is not this year's ('Tue 24 Nov 2025, …'). */
export function dateTime(seconds: number, options: WhenOptions = {}): string {
  const p = parts(seconds * 1000, options.timeZone);
  const now = parts(options.now ?? Date.now(), options.timeZone);
  const year = p.year === now.year ? '' : ` ${p.year}`;
  return `${p.weekday} ${p.day} ${p.month}${year}, ${p.hour}:${p.minute} ${p.timeZoneName}`;
}

/**
 * A list's short stamp (messages, conversations): '19:30' today, else '24 Nov' ('24 Nov 2025' in
 * another year). The full dateTime goes in the element's title.
 */
export function shortWhen(seconds: number, options: WhenOptions = {}): string {
  const p = parts(seconds * 1000, options.timeZone);
  const now = parts(options.now ?? Date.now(), options.timeZone);
  if (sameDay(p, now)) return `${p.hour}:${p.minute}`;
  return p.year === now.year ? `${p.day} ${p.month}` : `${p.day} ${p.month} ${p.year}`;
}

/**
 * When a copy kept on this device was saved (ms): 'Saved at 14:05' today, 'Saved on 24 Nov, 14:05'
 * another day ('24 Nov 2025, 14:05' another year). Every saved copy shown offline says it so.
 */
export function savedLabel(savedAtMs: number, options: WhenOptions = {}): string {
  const p = parts(savedAtMs, options.timeZone);
  const now = parts(options.now ?? Date.now(), options.timeZone);
  const clock = `${p.hour}:${p.minute}`;
  if (sameDay(p, now)) return `Saved at ${clock}`;
  return `Saved on ${p.day} ${p.month}${p.year === now.year ? '' : ` ${p.year}`}, ${clock}`;
}

/** 'Sun, 22 Nov 2026, 03:00 GMT': the shows' time as the spec gives it (spec 001 §2, §9). */
export function gmtDateTime(seconds: number): string {
  const p = parts(seconds * 1000, 'UTC');
  return `${p.weekday}, ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} GMT`;
}

/** The machine-readable value of a <time> element. */
export const isoDateTime = (seconds: number) => new Date(seconds * 1000).toISOString();
