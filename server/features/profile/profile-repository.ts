/** A member's profile and settings rows (migration 035), read with their defaults when absent. */
import type { InterestId } from '../../../protocol/discover/interests';
import type { AlertChannel, AlertKind } from '../../../protocol/profile/settings';
import { DEFAULT_ALERTS } from '../../../protocol/profile/settings';
import type { Db } from '../../storage/contract';
import { toInt, toIntArray, toJson } from '../../storage/rows';

export interface ProfileRecord {
  firstname: string;
  lastname: string;
  /** YYYY-MM-DD or ''. */
  birthday: string;
  country: string;
  city: string;
  living: number;
  marry: number;
  introduction: string;
  hobbies: InterestId[];
  photoKey: string;
  step: number;
  /** 'YYYY-MM-DD HH:MM:SS' (UTC) or ''. */
  submitdate: string;
}

export interface SettingsRecord {
  alerts: Record<AlertKind, AlertChannel>;
  hideOnline: boolean;
  hideProfile: boolean;
}

export const EMPTY_PROFILE: ProfileRecord = {
  firstname: '',
  lastname: '',
  birthday: '',
  country: '',
  city: '',
  living: 0,
  marry: 0,
  introduction: '',
  hobbies: [],
  photoKey: '',
  step: 0,
  submitdate: '',
};

interface ProfileRow {
  firstname: string;
  lastname: string;
  birthday: string | null;
  country: string;
  city: string;
  living: unknown;
  marry: unknown;
  introduction: string;
  hobbies: unknown;
  photo_key: string;
  step: unknown;
  submitdate: string | null;
}

const COLUMNS = `firstname, lastname, to_char(birthday, 'YYYY-MM-DD') AS birthday, country, city, living,
  marry, introduction, hobbies, photo_key, step,
  to_char(submitdate AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS submitdate`;

const fromRow = (r: ProfileRow): ProfileRecord => ({
  firstname: r.firstname,
  lastname: r.lastname,
  birthday: r.birthday ?? '',
  country: r.country,
  city: r.city,
  living: toInt(r.living),
  marry: toInt(r.marry),
  introduction: r.introduction,
  hobbies: toIntArray(r.hobbies) as InterestId[],
  photoKey: r.photo_key,
  step: toInt(r.step),
  submitdate: r.submitdate ?? '',
});

export function profileRepository(db: Db) {
  return {
    async find(userid: string): Promise<ProfileRecord> {
      const [row] = await db.query<ProfileRow>(`SELECT ${COLUMNS} FROM member_profiles WHERE userid = $1`, [
        userid,
      ]);
      return row ? fromRow(row) : { ...EMPTY_PROFILE };
    },
    /** Writes the whole record; submitdate is set the first time step reaches 3. */
    async save(userid: string, p: ProfileRecord): Promise<void> {
      await db.query(
        `INSERT INTO member_profiles (userid, firstname, lastname, birthday, country, city, living, marry,
           introduction, hobbies, photo_key, step, submitdate, updated_at)
         VALUES ($1, $2, $3, NULLIF($4, '')::date, $5, $6, $7::smallint, $8::smallint, $9, $10::int[], $11, $12::smallint,
           CASE WHEN $12::smallint >= 3 THEN now() END, now())
         ON CONFLICT (userid) DO UPDATE SET firstname = $2, lastname = $3, birthday = NULLIF($4, '')::date,
           country = $5, city = $6, living = $7::smallint, marry = $8::smallint, introduction = $9, hobbies = $10::int[],
           photo_key = $11, step = $12::smallint,
           submitdate = COALESCE(member_profiles.submitdate, CASE WHEN $12::smallint >= 3 THEN now() END),
           updated_at = now()`,
        [
          userid,
          p.firstname,
          p.lastname,
          p.birthday,
          p.country,
          p.city,
          p.living,
          p.marry,
          p.introduction,
          p.hobbies,
          p.photoKey,
          p.step,
        ],
      );
    },
    async setPhotourl(userid: string, photourl: string): Promise<void> {
      await db.query('UPDATE users SET photourl = $2 WHERE userid = $1', [userid, photourl]);
    },
    async settings(userid: string): Promise<SettingsRecord> {
      const [row] = await db.query<{ alerts: unknown; hide_online: boolean; hide_profile: boolean }>(
        'SELECT alerts, hide_online, hide_profile FROM member_settings WHERE userid = $1',
        [userid],
      );
      const alerts = {
        ...DEFAULT_ALERTS,
        ...(row ? toJson<Partial<SettingsRecord['alerts']>>(row.alerts) : {}),
      };
      return { alerts, hideOnline: row?.hide_online ?? false, hideProfile: row?.hide_profile ?? false };
    },
    async saveSettings(userid: string, s: SettingsRecord): Promise<void> {
      await db.query(
        `INSERT INTO member_settings (userid, alerts, hide_online, hide_profile) VALUES ($1, $2::jsonb, $3, $4)
         ON CONFLICT (userid) DO UPDATE SET alerts = $2::jsonb, hide_online = $3, hide_profile = $4`,
        [userid, JSON.stringify(s.alerts), s.hideOnline, s.hideProfile],
      );
    },
    async setLivechat(userid: string, accept: boolean, send: boolean): Promise<void> {
      await db.query('UPDATE members SET livechat_accept = $2, livechat_send = $3 WHERE userid = $1', [
        userid,
        accept,
        send,
      ]);
    },
    /** The members among `userids` who hide their online status from broadcasters. */
    async hidingOnline(userids: string[]): Promise<Set<string>> {
      if (userids.length === 0) return new Set();
      const rows = await db.query<{ userid: string }>(
        'SELECT userid FROM member_settings WHERE hide_online AND userid = ANY($1::text[])',
        [userids],
      );
      return new Set(rows.map((r) => r.userid));
    },
  };
}
export type ProfileRepository = ReturnType<typeof profileRepository>;
