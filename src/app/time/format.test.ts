import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dateTime,
  gmtDateTime,
  isoDateTime,
  offsetName,
  savedLabel,
  shortWhen,
  timeOfDay,
  zoneName,
} from './format';

/** Tue 24 Nov 2026, 18:30 UTC. */
const AT = Date.UTC(2026, 10, 24, 18, 30) / 1000;
const NOW = Date.UTC(2026, 10, 24, 20, 0);

describe('a date-time in the member’s own zone, the zone named', () => {
  it('reads in Paris an hour ahead of GMT in winter and two in summer', () => {
    expect(dateTime(AT, { timeZone: 'Europe/Paris', now: NOW })).toBe('Tue 24 Nov, 19:30 GMT+1');
    const summer = Date.UTC(2026, 6, 14, 18, 30) / 1000;
    expect(dateTime(summer, { timeZone: 'Europe/Paris', now: NOW })).toBe('Tue 14 Jul, 20:30 GMT+2');
  });

  it('names London in winter and UTC plain GMT', () => {
    expect(dateTime(AT, { timeZone: 'Europe/London', now: NOW })).toBe('Tue 24 Nov, 18:30 GMT');
    expect(dateTime(AT, { timeZone: 'UTC', now: NOW })).toBe('Tue 24 Nov, 18:30 GMT');
    expect(zoneName(AT, { timeZone: 'Etc/UTC' })).toBe('GMT');
  });

  it('moves to the next day east of GMT and keeps half-hour offsets', () => {
    expect(dateTime(AT, { timeZone: 'Asia/Kolkata', now: NOW })).toBe('Wed 25 Nov, 00:00 GMT+5:30');
    expect(dateTime(AT, { timeZone: 'America/New_York', now: NOW })).toBe('Tue 24 Nov, 13:30 GMT-5');
  });

  it('adds the year only when it is not this year', () => {
    const nextYear = Date.UTC(2027, 0, 5);
    expect(dateTime(AT, { timeZone: 'Europe/Paris', now: nextYear })).toBe('Tue 24 Nov 2026, 19:30 GMT+1');
  });

  it('the hour and the zone alone, for a list of times that names the zone once', () => {
    expect(timeOfDay(AT, { timeZone: 'America/Sao_Paulo' })).toBe('15:30');
    expect(zoneName(AT, { timeZone: 'America/Sao_Paulo' })).toBe('GMT-3');
  });

  describe('the browser’s zone when none is given', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
    });

    it('reads as the Intl formatter of that zone would, through the year and across zones', async () => {
      for (const zone of ['Europe/Paris', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham', 'UTC']) {
        vi.stubEnv('TZ', zone);
        vi.resetModules();
        const fresh = await import('./format');
        for (let month = 0; month < 12; month++) {
          const at = Date.UTC(2026, month, 3 + month * 2, 7 + month, month * 5) / 1000;
          const now = Date.UTC(2025, 5, 1);
          expect(fresh.dateTime(at, { now }), `${zone}, month ${month}`).toBe(
            fresh.dateTime(at, { now, timeZone: zone === 'UTC' ? 'Etc/UTC' : zone }),
          );
          expect(fresh.gmtDateTime(at)).toBe(
            `${fresh.dateTime(at, { timeZone: 'Etc/UTC', now }).replace(/^(\w+) (\d+ \w+ \d+),/, '$1, $2,')}`,
          );
        }
      }
    });

    it('follows the process zone', async () => {
      // The default zone is read when the formatter is made: a fresh module sees the new TZ.
      vi.stubEnv('TZ', 'Asia/Tokyo');
      vi.resetModules();
      const fresh = await import('./format');
      expect(fresh.dateTime(AT, { now: NOW })).toBe('Wed 25 Nov, 03:30 GMT+9');
      vi.stubEnv('TZ', 'America/Los_Angeles');
      vi.resetModules();
      const again = await import('./format');
      expect(again.dateTime(AT, { now: NOW })).toBe('Tue 24 Nov, 10:30 GMT-8');
    });
  });
});

describe('a list’s short stamp', () => {
  it('is the time today and the date on other days, in the member’s zone', () => {
    expect(shortWhen(AT, { timeZone: 'Europe/Paris', now: NOW })).toBe('19:30');
    // 00:00 on the 25th in Kolkata, where it is already the 25th too.
    expect(shortWhen(AT, { timeZone: 'Asia/Kolkata', now: NOW })).toBe('00:00');
    expect(shortWhen(AT - 86_400, { timeZone: 'Europe/Paris', now: NOW })).toBe('23 Nov');
    expect(shortWhen(AT, { timeZone: 'Europe/Paris', now: Date.UTC(2027, 2, 1) })).toBe('24 Nov 2026');
  });
});

describe('when a copy kept offline was saved', () => {
  it('is the clock time today and the date with it on other days', () => {
    expect(savedLabel(AT * 1000, { timeZone: 'Europe/Paris', now: NOW })).toBe('Saved at 19:30');
    expect(savedLabel((AT - 86_400) * 1000, { timeZone: 'Europe/Paris', now: NOW })).toBe(
      'Saved on 23 Nov, 19:30',
    );
    expect(savedLabel(AT * 1000, { timeZone: 'Europe/Paris', now: Date.UTC(2027, 2, 1) })).toBe(
      'Saved on 24 Nov 2026, 19:30',
    );
  });
});

describe('the shows’ GMT display', () => {
  it('reads GMT whatever the member’s zone', () => {
    expect(gmtDateTime(Date.UTC(2026, 10, 22, 3, 5) / 1000)).toBe('Sun, 22 Nov 2026, 03:05 GMT');
  });

  it('names offsets as ICU does', () => {
    expect([0, 60, -240, 330, -210, 765].map(offsetName)).toEqual([
      'GMT',
      'GMT+1',
      'GMT-4',
      'GMT+5:30',
      'GMT-3:30',
      'GMT+12:45',
    ]);
  });

  it('gives <time> its ISO value', () => {
    expect(isoDateTime(AT)).toBe('2026-11-24T18:30:00.000Z');
  });
});
