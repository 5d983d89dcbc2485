import type { MemberPriv } from '../../../protocol/types';
import type { Db, MemberRecord, Repositories } from '../../storage/contract';
import { toDate, toInt, toJson } from '../../storage/rows';

interface MemberRow {
  userid: string;
  nickname: string;
  photourl: string;
  credit: unknown;
  poststamp: unknown;
  chatmin: unknown;
  is_paid: boolean;
  consume_level: unknown;
  agree_provision: boolean;
  livechat_accept: boolean;
  livechat_send: boolean;
  guide_mail: boolean;
  used_sayhi: unknown;
  priv: unknown;
  created_at: unknown;
}

export const MEMBER_COLUMNS = `m.userid, u.nickname, u.photourl, m.credit, m.poststamp, m.chatmin, m.is_paid,
  m.consume_level, m.agree_provision, m.livechat_accept, m.livechat_send, m.guide_mail, m.used_sayhi,
  m.priv, u.created_at`;

export function memberFromRow(row: MemberRow): MemberRecord {
  return {
    userid: row.userid,
    nickname: row.nickname,
    photourl: row.photourl,
    creditHundredths: toInt(row.credit),
    poststamp: toInt(row.poststamp),
    chatmin: toInt(row.chatmin),
    isPaidMember: row.is_paid,
    consumeLevel: toInt(row.consume_level),
    agreeProvision: row.agree_provision,
    livechatAccept: row.livechat_accept,
    livechatSend: row.livechat_send,
    guideMail: row.guide_mail,
    usedSayhi: toInt(row.used_sayhi),
    priv: toJson<MemberPriv>(row.priv),
    createdAt: toDate(row.created_at),
  };
}

export type MembersRepository = Repositories['members'] & {
  /** The members among `userids` (others are skipped), in no particular order. */
  findMany(userids: string[]): Promise<MemberRecord[]>;
};

export function membersRepository(db: Db): MembersRepository {
  return {
    async findMany(userids) {
      if (userids.length === 0) return [];
      const rows = await db.query<MemberRow>(
        `SELECT ${MEMBER_COLUMNS} FROM members m JOIN users u ON u.userid = m.userid
         WHERE m.userid = ANY($1::text[])`,
        [userids],
      );
      return rows.map(memberFromRow);
    },
    async find(userid) {
      const [row] = await db.query<MemberRow>(
        `SELECT ${MEMBER_COLUMNS} FROM members m JOIN users u ON u.userid = m.userid WHERE m.userid = $1`,
        [userid],
      );
      return row ? memberFromRow(row) : undefined;
    },
    async setAgreeProvision(userid) {
      await db.query('UPDATE members SET agree_provision = true WHERE userid = $1', [userid]);
    },
  };
}
