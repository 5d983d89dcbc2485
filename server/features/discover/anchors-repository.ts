import type { AnchorPriv } from '../../../protocol/types';
import { ageOn, dateFromIso } from '../../storage/birthday';
import type { AnchorRecord, AnchorState, Db, Repositories } from '../../storage/contract';
import { toInt, toIntArray, toJson } from '../../storage/rows';

export interface AnchorRow {
  userid: string;
  nickname: string;
  photourl: string;
  coverurl: string;
  birthday: string;
  country: string;
  city: string;
  introduction: string;
  state: AnchorState;
  public_room_id: string;
  room_type: unknown;
  anchor_type: unknown;
  account_status: unknown;
  is_featured: boolean;
  hot_score: unknown;
  priv: unknown;
  interests: unknown;
}

const SUSPENDED = 3;

// The birthday goes out as text: the drivers disagree on how a `date` becomes a JS Date.
export const SELECT_ANCHORS = `SELECT a.userid, u.nickname, u.photourl, a.coverurl,
  to_char(a.birthday, 'YYYY-MM-DD') AS birthday, a.country, a.city, a.introduction, a.state,
  a.public_room_id, a.room_type, a.anchor_type, a.account_status, a.is_featured, a.hot_score, a.priv,
  a.interests
  FROM anchors a JOIN users u ON u.userid = a.userid`;

export function anchorFromRow(row: AnchorRow, now = new Date()): AnchorRecord {
  const birthday = dateFromIso(row.birthday);
  return {
    userid: row.userid,
    nickname: row.nickname,
    age: ageOn(birthday, now),
    country: row.country,
    city: row.city,
    introduction: row.introduction,
    birthday,
    state: row.state,
    publicRoomId: row.public_room_id,
    roomType: toInt(row.room_type),
    anchorType: toInt(row.anchor_type) === 2 ? 2 : 1,
    accountStatus: toInt(row.account_status),
    isFeatured: row.is_featured,
    hotScore: toInt(row.hot_score),
    priv: toJson<AnchorPriv>(row.priv),
    interests: toIntArray(row.interests),
    photourl: row.photourl,
    coverurl: row.coverurl,
  };
}

/** She (anchors.userid) is still signed in somewhere. */
const HAS_SESSION =
  'EXISTS (SELECT 1 FROM sessions s WHERE s.userid = anchors.userid AND s.expires_at > now())';

const STATES_BY_TYPE: Record<0 | 1 | 2, AnchorState[]> = {
  0: ['online', 'live'],
  1: ['live'],
  2: ['online'],
};

export function anchorsRepository(db: Db): Repositories['anchors'] {
  const list = async (sql: string, params: unknown[]) =>
    (await db.query<AnchorRow>(sql, params)).map((row) => anchorFromRow(row));
  return {
    async find(userid) {
      const [row] = await db.query<AnchorRow>(`${SELECT_ANCHORS} WHERE a.userid = $1`, [userid]);
      return row ? anchorFromRow(row) : undefined;
    },
    featured(num) {
      return list(
        `${SELECT_ANCHORS} WHERE a.is_featured AND a.account_status <> $1
         ORDER BY (a.state = 'offline'), a.hot_score DESC, a.userid LIMIT $2`,
        [SUSPENDED, num],
      );
    },
    online(type, num) {
      return list(
        `${SELECT_ANCHORS} WHERE a.state = ANY($1::text[]) AND a.account_status <> $2
         ORDER BY a.hot_score DESC, a.userid LIMIT $3`,
        [STATES_BY_TYPE[type], SUSPENDED, num],
      );
    },
    hot(start, step) {
      return list(
        `${SELECT_ANCHORS} WHERE a.account_status <> $1
         ORDER BY a.hot_score DESC, a.userid OFFSET $2 LIMIT $3`,
        [SUSPENDED, start, step],
      );
    },
    async setLive(userid, room) {
      await db.query(
        room
          ? `UPDATE anchors SET state = 'live', public_room_id = $2, room_type = $3 WHERE userid = $1`
          : `UPDATE anchors SET state = CASE WHEN ${HAS_SESSION} THEN 'online' ELSE 'offline' END,
               public_room_id = '', room_type = 0 WHERE userid = $1`,
        room ? [userid, room.publicRoomId, room.roomType] : [userid],
      );
    },
    async signedOut(userid) {
      await db.query(
        `UPDATE anchors SET state = 'offline', public_room_id = '', room_type = 0
          WHERE userid = $1 AND NOT ${HAS_SESSION}`,
        [userid],
      );
    },
  };
}
