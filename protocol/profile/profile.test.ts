import { describe, expect, it } from 'vitest';
import {
  ageOn,
  birthdayErrno,
  missingFields,
  PROFILE_WEIGHTS,
  ProfileErrno,
  type ProfileFields,
  profileCompleteness,
} from './profile';
import { DEFAULT_ALERTS, MONEY_KEY_DEFAULTS, wantsPush } from './settings';

const EMPTY: ProfileFields = {
  firstname: '',
  lastname: '',
  birthday: '',
  country: '',
  city: '',
  living: 0,
  marry: 0,
  introduction: '',
  hobbies: [],
  photourl: '',
};
const FULL: ProfileFields = {
  firstname: 'John',
  lastname: 'Smith',
  birthday: '1980-05-06',
  country: 'Canada',
  city: 'Toronto',
  living: 1,
  marry: 2,
  introduction: 'I enjoy cooking and long walks by the lake.',
  hobbies: [2, 3],
  photourl: '/share/member/photo/M1/MPx',
};

describe('Profile Completeness', () => {
  it('weighs 100 in all, 0 empty, 100 full', () => {
    expect(Object.values(PROFILE_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
    expect(profileCompleteness(EMPTY)).toBe(0);
    expect(profileCompleteness(FULL)).toBe(100);
  });

  it('rises with every field he fills, by that field’s weight', () => {
    let p = { ...EMPTY };
    let last = 0;
    for (const key of Object.keys(PROFILE_WEIGHTS) as (keyof ProfileFields)[]) {
      p = { ...p, [key]: FULL[key] };
      const now = profileCompleteness(p);
      expect(now - last).toBe(PROFILE_WEIGHTS[key]);
      last = now;
    }
  });

  it('does not count blanks or a one-word introduction', () => {
    expect(profileCompleteness({ ...EMPTY, firstname: '   ', introduction: 'Hi' })).toBe(0);
    expect(missingFields({ ...FULL, photourl: '', introduction: '' })).toEqual(['photourl', 'introduction']);
  });
});

describe('birthday', () => {
  const now = new Date(Date.UTC(2026, 10, 27));
  it('counts whole years, refusing dates that do not exist', () => {
    expect(ageOn('2008-11-27', now)).toBe(18);
    expect(ageOn('2008-11-28', now)).toBe(17);
    expect(ageOn('1990-02-30', now)).toBeUndefined();
    expect(ageOn('27/11/1990', now)).toBeUndefined();
  });
  it('refuses under 18 and impossible ages with their own errno; empty clears', () => {
    expect(birthdayErrno('2008-11-28', now)).toBe(ProfileErrno.UNDER_AGE);
    expect(birthdayErrno('2008-11-27', now)).toBeUndefined();
    expect(birthdayErrno('2030-01-01', now)).toBe(ProfileErrno.BAD_BIRTHDAY);
    expect(birthdayErrno('1900-01-01', now)).toBe(ProfileErrno.BAD_BIRTHDAY);
    expect(birthdayErrno('', now)).toBeUndefined();
  });
});

describe('settings', () => {
  it('pushes only the kinds he wants by push; kinds he cannot choose always go', () => {
    expect(wantsPush(DEFAULT_ALERTS, 'invite')).toBe(true);
    expect(wantsPush({ ...DEFAULT_ALERTS, invite: 'email' }, 'invite')).toBe(false);
    expect(wantsPush({ ...DEFAULT_ALERTS, show: 'off' }, 'show')).toBe(false);
    expect(wantsPush({ ...DEFAULT_ALERTS, show: 'off' }, 'something-else')).toBe(true);
  });
  it('has the spec’s six money keys', () => {
    expect(Object.keys(MONEY_KEY_DEFAULTS).sort()).toEqual(
      [
        'send_private_message_credit',
        'send_toast_credit',
        'timer_gold_private',
        'timer_gold_public',
        'timer_silver_private',
        'user_push_credit_point',
      ].sort(),
    );
  });
});
