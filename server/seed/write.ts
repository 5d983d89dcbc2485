/** The seed's inserts. Every one is ON CONFLICT DO NOTHING, so a rerun never duplicates or overwrites. */
import { coverUrl, giftUrl, portraitUrl, showCoverUrl } from '../media/urls';
import type { Db } from '../storage/contract';
import type { AnchorSeed } from './anchors';
import type { GiftSeed } from './gifts';
import type { MemberSeed } from './members';
import type { ShowSeed } from './shows';

async function insertUser(
  tx: Db,
  userid: string,
  role: 'man' | 'lady',
  nickname: string,
  hash: string,
  /** When the account was made (Discover's "new" filter reads it); now when not given. */
  createdAt?: Date,
) {
  await tx.query(
    `INSERT INTO users (userid, role, nickname, password_hash, photourl, created_at)
     VALUES ($1, $2, $3, $4, $5, COALESCE($6::timestamptz, now()))
     ON CONFLICT (userid) DO NOTHING`,
    [userid, role, nickname, hash, portraitUrl(userid), createdAt ?? null],
  );
}

export async function insertMember(tx: Db, member: MemberSeed, hash: string): Promise<void> {
  await insertUser(tx, member.userid, 'man', member.nickname, hash);
  await tx.query(
    `INSERT INTO members (userid, credit, poststamp, chatmin, is_paid, consume_level, agree_provision,
       guide_mail, priv)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb) ON CONFLICT (userid) DO NOTHING`,
    [
      member.userid,
      member.creditHundredths,
      member.poststamp,
      member.chatmin,
      member.isPaid,
      member.consumeLevel,
      member.agreeProvision,
      member.guideMail,
      JSON.stringify(member.priv),
    ],
  );
}

export async function insertAnchor(tx: Db, anchor: AnchorSeed, hash: string): Promise<void> {
  await insertUser(tx, anchor.userid, 'lady', anchor.nickname, hash, anchor.joinedAt);
  await tx.query(
    `INSERT INTO anchors (userid, birthday, country, city, introduction, state, public_room_id, room_type,
       anchor_type, account_status, is_featured, hot_score, priv, interests, coverurl)
     VALUES ($1, $2::date, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14::int[], $15)
     ON CONFLICT (userid) DO NOTHING`,
    [
      anchor.userid,
      anchor.birthday,
      anchor.country,
      anchor.city,
      anchor.introduction,
      anchor.state,
      anchor.publicRoomId,
      anchor.roomType,
      anchor.anchorType,
      anchor.accountStatus,
      anchor.isFeatured,
      anchor.hotScore,
      JSON.stringify(anchor.priv),
      anchor.interests,
      coverUrl(anchor.userid),
    ],
  );
}

export async function insertFollow(tx: Db, memberId: string, anchorId: string): Promise<void> {
  await tx.query(
    'INSERT INTO follows (member_id, anchor_id) VALUES ($1, $2) ON CONFLICT (member_id, anchor_id) DO NOTHING',
    [memberId, anchorId],
  );
}

export async function insertGift(tx: Db, gift: GiftSeed, sortOrder: number): Promise<void> {
  await tx.query(
    `INSERT INTO gifts (giftid, name, credit, imgurl, new_user_num, sort_order, intimacy_level)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (giftid) DO NOTHING`,
    [
      gift.giftid,
      gift.name,
      gift.creditHundredths,
      giftUrl(gift.giftid),
      gift.newUserNum,
      sortOrder,
      gift.intimacyLevel ?? 0,
    ],
  );
}

export async function insertShow(tx: Db, show: ShowSeed): Promise<void> {
  await tx.query(
    `INSERT INTO shows (live_show_id, anchor_id, title, introduce, cover, price, start_time, duration_min,
       status, capacity)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (live_show_id) DO NOTHING`,
    [
      show.liveShowId,
      show.anchorId,
      show.title,
      show.introduce,
      showCoverUrl(show.liveShowId),
      show.priceHundredths,
      show.startTime,
      show.durationMin,
      show.status,
      show.capacity,
    ],
  );
  for (const ticket of show.tickets) {
    await tx.query(
      `INSERT INTO tickets (live_show_id, member_id, status, price) VALUES ($1, $2, $3, $4)
       ON CONFLICT (live_show_id, member_id) DO NOTHING`,
      [show.liveShowId, ticket.memberId, ticket.status, show.priceHundredths],
    );
  }
}

/**
 * The member's opening balance as a ledger row (key `opening:<userid>`), so that from the start
 * members.credit = SUM(ledger.delta). No row for a zero balance (the ledger refuses zero moves).
 */
export async function insertOpeningBalance(tx: Db, userid: string, creditHundredths: number): Promise<void> {
  if (creditHundredths === 0) return;
  await tx.query(
    `INSERT INTO ledger (user_id, delta, balance_after, reason, ref, idem_key)
     VALUES ($1, $2, $2, 'opening', '', $3) ON CONFLICT (idem_key) DO NOTHING`,
    [userid, creditHundredths, `opening:${userid}`],
  );
}
