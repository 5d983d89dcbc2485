/**
 * The member's profile over the real server: his own profile and the profile fields of his
 * getUserInfo, the wizard's steps and the completeness they raise, refused changes (a bad or
 * under-18 birthday, unknown hobbies) that change nothing, his photo (checked, re-encoded, EXIF
 * gone), updateUserInfoFromQn, and what a broadcaster (only a broadcaster) sees of him.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import { Api } from '../../../protocol/paths';
import {
  type MemberProfileData,
  type MemberProfileOther,
  PROFILE_WEIGHTS,
  ProfileApi,
  ProfileErrno,
  ProfileText,
} from '../../../protocol/profile/profile';
import { SettingsApi } from '../../../protocol/profile/settings';
import type { OwnUserInfo } from '../../../protocol/types';
import { startServer, type TestServer } from '../harness';
import { cameraPhoto, expectClean, png } from '../images';
import { cookieOf, uploadMemberPhoto } from './profile-photo';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const cookie = cookieOf;
const upload = uploadMemberPhoto;
const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe('his profile', () => {
  it('starts empty, and each wizard step raises his completeness and his step', async () => {
    const m = await server.loginAs('M1003');
    const first = await m.call<MemberProfileData>(ProfileApi.getMemberProfile);
    expect(first).toMatchObject({ userid: 'M1003', step: 0, man_profile_val: 0, submitdate: '' });
    expect(first.email_verified).toMatch(/^[YN]$/);
    expect(first.qpid_seal).toEqual({ v_phone: 0 });

    const basics = await m.call<MemberProfileData>(ProfileApi.saveMemberProfile, {
      firstname: 'John',
      lastname: 'Smith',
      birthday: yearsAgo(40),
      country: 'Canada',
      city: 'Toronto',
      living: 1,
      marry: 2,
      step: 1,
    });
    const basicsVal =
      PROFILE_WEIGHTS.firstname +
      PROFILE_WEIGHTS.lastname +
      PROFILE_WEIGHTS.birthday +
      PROFILE_WEIGHTS.country +
      PROFILE_WEIGHTS.city +
      PROFILE_WEIGHTS.living +
      PROFILE_WEIGHTS.marry;
    expect(basics).toMatchObject({ step: 1, age: 40, man_profile_val: basicsVal });

    const about = await m.call<MemberProfileData>(ProfileApi.saveMemberProfile, {
      introduction: 'I like long walks by the lake and cooking for friends.',
      hobbies: '2,3,9',
      step: 2,
    });
    expect(about.hobbies).toEqual([2, 3, 9]);
    expect(about.man_profile_val).toBe(basicsVal + PROFILE_WEIGHTS.introduction + PROFILE_WEIGHTS.hobbies);

    const photo = await upload(m, await cameraPhoto());
    expect(photo.errno).toBe(0);
    expect(photo.data.man_profile_val).toBe(100);
    const picture = await fetch(`${m.base}${photo.data.photourl}`, { headers: { cookie: cookie(m) } });
    expect(picture.status).toBe(200);
    await expectClean(Buffer.from(await picture.arrayBuffer()));

    const done = await m.call<MemberProfileData>(ProfileApi.saveMemberProfile, { step: 3 });
    expect(done.step).toBe(3);
    expect(done.submitdate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // getUserInfo carries the same fields; updateUserInfoFromQn answers it afresh.
    const info = await m.call<OwnUserInfo>(Api.getOwnUserInfo);
    expect(info).toMatchObject({
      firstname: 'John',
      lastname: 'Smith',
      city: 'Toronto',
      living: 1,
      marry: 2,
      step: 3,
      man_profile_val: 100,
      qpid_seal: { v_phone: 0 },
      photourl: photo.data.photourl,
    });
    expect(info.leftStampsNum).toBe(info.left_poststamp);
    expect(info.leftChatminPackage).toBe(info.left_chatmin);
    const fresh = await m.call<OwnUserInfo>(ProfileApi.updateUserInfoFromQn);
    expect(fresh.man_profile_val).toBe(100);

    // A new photo replaces the old: its URL no longer answers.
    const second = await upload(m, png(7));
    expect(second.errno).toBe(0);
    const old = await fetch(`${m.base}${photo.data.photourl}`, { headers: { cookie: cookie(m) } });
    expect(old.status).toBe(404);
  });

  it('refuses a bad or under-18 birthday and unknown hobbies with a clear errno, changing nothing', async () => {
    const m = await server.loginAs('M1004');
    await m.call(ProfileApi.saveMemberProfile, { firstname: 'Tom', birthday: yearsAgo(30) });
    const cases: [Record<string, string>, number, string][] = [
      [{ birthday: yearsAgo(18, 1), firstname: 'Changed' }, ProfileErrno.UNDER_AGE, ProfileText.underAge],
      [{ birthday: '1990-02-30', firstname: 'Changed' }, ProfileErrno.BAD_BIRTHDAY, ProfileText.badBirthday],
      [{ birthday: 'yesterday' }, ProfileErrno.BAD_BIRTHDAY, ProfileText.badBirthday],
      [{ birthday: yearsAgo(-1) }, ProfileErrno.BAD_BIRTHDAY, ProfileText.badBirthday],
      [{ hobbies: '1,13', firstname: 'Changed' }, ProfileErrno.BAD_HOBBY, ProfileText.badHobby],
    ];
    for (const [fields, errno, errmsg] of cases) {
      const answer = await m.form(ProfileApi.saveMemberProfile, fields);
      expect(answer.body).toMatchObject({ errno, errmsg });
    }
    const overlong = await m.form(ProfileApi.saveMemberProfile, { firstname: 'x'.repeat(200) });
    expect(overlong.body.errno).toBe(Errno.INVALID_PARAMS);
    const after = await m.call<MemberProfileData>(ProfileApi.getMemberProfile);
    expect(after).toMatchObject({ firstname: 'Tom', birthday: yearsAgo(30), hobbies: [] });
    // Exactly 18 today is allowed.
    const adult = await m.call<MemberProfileData>(ProfileApi.saveMemberProfile, { birthday: yearsAgo(18) });
    expect(adult.age).toBe(18);
  });

  it('refuses a photo that is not one, keeping the one he has', async () => {
    const m = await server.loginAs('M1005');
    const bad = await upload(m, Buffer.from('<html>not a picture</html>'));
    expect(bad.errno).not.toBe(0);
    const p = await m.call<MemberProfileData>(ProfileApi.getMemberProfile);
    expect(p.man_profile_val).toBe(0);
  });
});

describe('what a broadcaster sees of him', () => {
  it('only broadcasters may ask, and only safe fields come back; hide_profile leaves the card', async () => {
    const m = await server.loginAs('M1007');
    await m.call(ProfileApi.saveMemberProfile, {
      firstname: 'Secret',
      lastname: 'Surname',
      birthday: yearsAgo(35),
      city: 'Oslo',
      country: 'Norway',
      introduction: 'Hello there, I am a friendly man who loves hiking.',
      hobbies: '4',
    });
    const refused = await m.form(ProfileApi.getMemberProfileOther, { manid: 'M1007' });
    expect(refused.body.errno).toBe(Errno.FORBIDDEN);

    const lady = await server.loginAs('A2001');
    const seen = await lady.call<MemberProfileOther>(ProfileApi.getMemberProfileOther, { manid: 'M1007' });
    expect(seen).toMatchObject({ userid: 'M1007', profile_hidden: 0, age: 35, city: 'Oslo', hobbies: [4] });
    const text = JSON.stringify(seen);
    for (const secret of ['Secret', 'Surname', 'birthday', 'email', 'phone', 'credit'])
      expect(text).not.toContain(secret);
    const nobody = await lady.form(ProfileApi.getMemberProfileOther, { manid: 'A2002' });
    expect(nobody.body.errno).toBe(ProfileErrno.NOT_A_MEMBER);

    await m.call(SettingsApi.saveMemberSettings, { hide_profile: 1 });
    const hidden = await lady.call<MemberProfileOther>(ProfileApi.getMemberProfileOther, { manid: 'M1007' });
    expect(hidden).toEqual({
      userid: 'M1007',
      nickname: expect.any(String),
      photourl: expect.any(String),
      profile_hidden: 1,
    });
  });
});
