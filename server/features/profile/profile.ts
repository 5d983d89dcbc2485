/**
 * A member's profile (spec 002 §3 "User data", §4 "Profile tips"): his own view and changes, the
 * profile fields of his getUserInfo, his photo, and what a broadcaster may see of him. The rules of
 * the fields (weights, birthday, steps) live in protocol/profile/profile.ts.
 */
import { INTERESTS, type InterestId } from '../../../protocol/discover/interests';
import {
  ageOn,
  birthdayErrno,
  type MemberProfileData,
  type MemberProfileOther,
  type OwnProfileFields,
  PROFILE_STEP_DONE,
  ProfileApi,
  ProfileErrno,
  type ProfileFields,
  ProfileText,
  profileCompleteness,
} from '../../../protocol/profile/profile';
import type { SaveMemberProfileBody } from '../../../protocol/profile/profile-schemas';
import { ApiError, notFound } from '../../core/errors';
import { timedId } from '../../core/ids';
import type { FileStore } from '../../files';
import { deleteFile, IMAGE_MIME } from '../../files/images';
import type { Db, StorageRepositories } from '../../storage/contract';
import { receiveImage } from '../mail';
import { type ProfileRecord, profileRepository } from './profile-repository';

/**
 * His login email and whether it is verified: the account feature's (server/features/account,
 * `accountFacts`), wired in server/services.ts; NO_ACCOUNT_FACTS until it is there.
 */
export type AccountFacts = (userid: string) => Promise<{ email: string; email_verified: boolean }>;
export const NO_ACCOUNT_FACTS: AccountFacts = async () => ({ email: '', email_verified: false });

export interface ProfileDeps {
  db: Db;
  repos: StorageRepositories;
  files: FileStore;
  /** Whether he verified a phone (server/features/phone, the one bookings use). */
  phoneVerified: (userid: string) => Promise<boolean>;
  accountFacts?: AccountFacts;
  now?: () => Date;
}

const KNOWN_HOBBIES = new Set<number>(INTERESTS.map((i) => i.id));
const fail = (errno: number, text: string) => new ApiError(errno, text);

export class ProfileService {
  private readonly repo: ReturnType<typeof profileRepository>;
  private readonly now: () => Date;
  /** Wired later than construction when the account feature is built after this one. */
  accountFacts: AccountFacts;

  constructor(private readonly deps: ProfileDeps) {
    this.repo = profileRepository(deps.db);
    this.now = deps.now ?? (() => new Date());
    this.accountFacts = deps.accountFacts ?? NO_ACCOUNT_FACTS;
  }

  get files(): FileStore {
    return this.deps.files;
  }

  private async member(userid: string) {
    const m = await this.deps.repos.members.find(userid);
    if (!m) throw notFound();
    return m;
  }

  private fieldsOf(p: ProfileRecord, photourl: string): ProfileFields {
    return {
      firstname: p.firstname,
      lastname: p.lastname,
      birthday: p.birthday,
      country: p.country,
      city: p.city,
      living: p.living,
      marry: p.marry,
      introduction: p.introduction,
      hobbies: p.hobbies,
      // Only a photo he uploaded counts (a demo portrait is not his).
      photourl: p.photoKey ? photourl : '',
    };
  }

  /** POST /user/getMemberProfile. */
  async memberProfile(userid: string): Promise<MemberProfileData> {
    const [m, p, facts, phone] = await Promise.all([
      this.member(userid),
      this.repo.find(userid),
      this.accountFacts(userid),
      this.deps.phoneVerified(userid),
    ]);
    const fields = this.fieldsOf(p, m.photourl);
    return {
      userid: m.userid,
      nickname: m.nickname,
      ...fields,
      age: p.birthday ? (ageOn(p.birthday, this.now()) ?? 0) : 0,
      step: p.step,
      submitdate: p.submitdate,
      email: facts.email,
      email_verified: facts.email_verified ? 'Y' : 'N',
      man_profile_val: profileCompleteness(fields),
      qpid_seal: { v_phone: phone ? 1 : 0 },
    };
  }

  /** The profile fields of POST /nx/api/User/getUserInfo for a member. */
  async ownFields(userid: string): Promise<OwnProfileFields> {
    const [m, data] = await Promise.all([this.member(userid), this.memberProfile(userid)]);
    return {
      submitdate: data.submitdate,
      firstname: data.firstname,
      lastname: data.lastname,
      birthday: data.birthday,
      living: data.living,
      marry: data.marry,
      city: data.city,
      step: data.step,
      email: data.email,
      email_verified: data.email_verified,
      man_profile_val: data.man_profile_val,
      qpid_seal: data.qpid_seal,
      leftStampsNum: m.poststamp,
      leftChatminPackage: m.chatmin,
    };
  }

  /** POST /user/saveMemberProfile: validated whole before anything is written. */
  async save(userid: string, body: SaveMemberProfileBody): Promise<MemberProfileData> {
    await this.member(userid);
    if (body.birthday !== undefined) {
      const errno = birthdayErrno(body.birthday, this.now());
      if (errno === ProfileErrno.UNDER_AGE) throw fail(errno, ProfileText.underAge);
      if (errno !== undefined) throw fail(errno, ProfileText.badBirthday);
    }
    const hobbies = body.hobbies;
    if (hobbies && (new Set(hobbies).size !== hobbies.length || hobbies.some((h) => !KNOWN_HOBBIES.has(h))))
      throw fail(ProfileErrno.BAD_HOBBY, ProfileText.badHobby);
    await this.deps.db.transaction(async (tx) => {
      const repo = profileRepository(tx);
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`profile:${userid}`]);
      const p = await repo.find(userid);
      const { step, hobbies: _h, ...fields } = body;
      const next: ProfileRecord = {
        ...p,
        ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
        hobbies: (hobbies as InterestId[] | undefined) ?? p.hobbies,
        // The wizard only moves forward; the account page leaves the step alone.
        step: Math.min(PROFILE_STEP_DONE, Math.max(p.step, step ?? 0)),
      };
      await repo.save(userid, next);
    });
    return this.memberProfile(userid);
  }

  /** POST /user/uploadMemberPhoto: checked, upright, stripped of EXIF, kept in its widths. */
  async uploadPhoto(userid: string, body: AsyncIterable<Uint8Array>): Promise<MemberProfileData> {
    await this.member(userid);
    const photoId = timedId('MP');
    const key = `member/${userid}/${photoId}`;
    await receiveImage(this.deps.files, key, body);
    const old = await this.deps.db.transaction(async (tx) => {
      const repo = profileRepository(tx);
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`profile:${userid}`]);
      const p = await repo.find(userid);
      await repo.save(userid, { ...p, photoKey: key });
      await repo.setPhotourl(userid, `${ProfileApi.memberPhoto}/${userid}/${photoId}`);
      return p.photoKey;
    });
    if (old) await deleteFile(this.deps.files, old);
    return this.memberProfile(userid);
  }

  /** The stored photo a photo URL names, if it is still his current one. */
  async photo(userid: string, photoId: string): Promise<{ key: string; mime: string } | undefined> {
    const p = await this.repo.find(userid);
    return p.photoKey === `member/${userid}/${photoId}` ? { key: p.photoKey, mime: IMAGE_MIME } : undefined;
  }

  /** POST /user/getMemberProfileOther: a broadcaster's view, safe fields only. */
  async other(manid: string): Promise<MemberProfileOther> {
    const m = await this.deps.repos.members.find(manid);
    if (!m) throw fail(ProfileErrno.NOT_A_MEMBER, ProfileText.notAMember);
    const [p, s] = await Promise.all([this.repo.find(manid), this.repo.settings(manid)]);
    const card = { userid: m.userid, nickname: m.nickname, photourl: m.photourl };
    if (s.hideProfile) return { ...card, profile_hidden: 1 };
    return {
      ...card,
      profile_hidden: 0,
      age: p.birthday ? (ageOn(p.birthday, this.now()) ?? 0) : 0,
      country: p.country,
      city: p.city,
      marry: p.marry,
      introduction: p.introduction,
      hobbies: p.hobbies,
    };
  }
}
