import type { Db, Repositories, ShowRecord } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

interface ShowRow {
  live_show_id: string;
  anchor_id: string;
  title: string;
  introduce: string;
  cover: string;
  price: unknown;
  start_time: unknown;
  duration_min: unknown;
  status: unknown;
  capacity: unknown;
  tickets_sold: unknown;
}

/** Tickets sold counts bought tickets only; a refunded ticket frees its seat. */
export const SELECT_SHOWS = `SELECT s.live_show_id, s.anchor_id, s.title, s.introduce, s.cover, s.price,
  s.start_time, s.duration_min, s.status, s.capacity,
  (SELECT count(*)::int FROM tickets t WHERE t.live_show_id = s.live_show_id AND t.status = 1) AS tickets_sold
  FROM shows s`;

export function showFromRow(row: ShowRow): ShowRecord {
  return {
    liveShowId: row.live_show_id,
    anchorId: row.anchor_id,
    title: row.title,
    introduce: row.introduce,
    cover: row.cover,
    priceHundredths: toInt(row.price),
    startTime: toDate(row.start_time),
    durationMin: toInt(row.duration_min),
    status: toInt(row.status),
    capacity: toInt(row.capacity),
    ticketsSold: toInt(row.tickets_sold),
  };
}

/** A show whose notice this process claimed (see claimDueNotices). */
export interface ClaimedShowNotice {
  liveShowId: string;
  anchorId: string;
  anchorNickname: string;
  anchorAvatar: string;
  publicRoomId: string;
  cover: string;
  startTime: Date;
  /** 'start' once the start time has come (the 'soon' notice is then skipped), else 'soon'. */
  kind: 'soon' | 'start';
  /** More than the late limit past its start: claimed so it is never sent, but not sent. */
  late: boolean;
}

interface ClaimedRow {
  live_show_id: string;
  anchor_id: string;
  nickname: string;
  photourl: string;
  public_room_id: string;
  cover: string;
  start_time: unknown;
  started: boolean;
  late: boolean;
}

export type ShowsRepository = Repositories['shows'] & {
  /** One show by id. Added by storage (the media route and show pages need it). */
  find(liveShowId: string): Promise<ShowRecord | undefined>;
  /**
   * Claims, in one UPDATE, the notices of upcoming shows (status 1) that are due and not yet sent:
   * 'soon' for those starting within `soonWithinSec`, 'start' for those whose start has come.
   * Concurrent callers (other processes) re-check the row after the first one's update, so each
   * notice is returned to exactly one caller.
   */
  claimDueNotices(soonWithinSec: number, lateAfterSec: number): Promise<ClaimedShowNotice[]>;
  /**
   * Claims the 30-minute pre-start notices (imShare/showMsgNotice): upcoming shows starting within
   * `beforeSec` but not within `soonWithinSec` (there the 'soon' notice says it), once each.
   */
  claimPreStartNotices(beforeSec: number, soonWithinSec: number): Promise<ClaimedShowNotice[]>;
  /** Members holding a bought (status 1) ticket for the show. */
  ticketHolders(liveShowId: string): Promise<string[]>;
  /**
   * The show clock (a development tool): her upcoming show now starts in `inSec`, its start
   * notices not yet sent. False when she has no such show.
   */
  startSoon(liveShowId: string, anchorId: string, inSec: number): Promise<boolean>;
  /** Who hears the show's start notices: ticket holders (status 1) and members who follow it. */
  noticeRecipients(liveShowId: string): Promise<string[]>;
};

export function showsRepository(db: Db): ShowsRepository {
  return {
    async startSoon(liveShowId, anchorId, inSec) {
      const rows = await db.query(
        `UPDATE shows SET start_time = now() + $3::int * interval '1 second',
                soon_notice_at = NULL, start_notice_at = NULL
          WHERE live_show_id = $1 AND anchor_id = $2 AND status = 1 AND start_time > now()
          RETURNING live_show_id`,
        [liveShowId, anchorId, Math.round(inSec)],
      );
      return rows.length > 0;
    },
    async find(liveShowId) {
      const [row] = await db.query<ShowRow>(`${SELECT_SHOWS} WHERE s.live_show_id = $1`, [liveShowId]);
      return row ? showFromRow(row) : undefined;
    },
    async claimDueNotices(soonWithinSec, lateAfterSec) {
      const rows = await db.query<ClaimedRow>(
        `UPDATE shows s SET
           soon_notice_at = COALESCE(s.soon_notice_at, now()),
           start_notice_at = CASE WHEN s.start_time <= now() THEN now() ELSE NULL END
         FROM anchors a JOIN users u ON u.userid = a.userid
         WHERE a.userid = s.anchor_id AND s.status = 1 AND s.start_notice_at IS NULL
           AND (s.start_time <= now()
             OR (s.soon_notice_at IS NULL AND s.start_time <= now() + $1::int * interval '1 second'))
         RETURNING s.live_show_id, s.anchor_id, u.nickname, u.photourl, a.public_room_id, s.cover,
           s.start_time, s.start_time <= now() AS started,
           s.start_time < now() - $2::int * interval '1 second' AS late`,
        [Math.round(soonWithinSec), Math.round(lateAfterSec)],
      );
      return rows.map((row) => ({
        liveShowId: row.live_show_id,
        anchorId: row.anchor_id,
        anchorNickname: row.nickname,
        anchorAvatar: row.photourl,
        publicRoomId: row.public_room_id,
        cover: row.cover,
        startTime: toDate(row.start_time),
        kind: row.started ? 'start' : 'soon',
        late: row.late,
      }));
    },
    async claimPreStartNotices(beforeSec, soonWithinSec) {
      const rows = await db.query<ClaimedRow>(
        `UPDATE shows s SET prestart_notice_at = now()
         FROM anchors a JOIN users u ON u.userid = a.userid
         WHERE a.userid = s.anchor_id AND s.status = 1 AND s.prestart_notice_at IS NULL
           AND s.soon_notice_at IS NULL
           AND s.start_time > now() + $2::int * interval '1 second'
           AND s.start_time <= now() + $1::int * interval '1 second'
         RETURNING s.live_show_id, s.anchor_id, u.nickname, u.photourl, a.public_room_id, s.cover,
           s.start_time, false AS started, false AS late`,
        [Math.round(beforeSec), Math.round(soonWithinSec)],
      );
      return rows.map((row) => ({
        liveShowId: row.live_show_id,
        anchorId: row.anchor_id,
        anchorNickname: row.nickname,
        anchorAvatar: row.photourl,
        publicRoomId: row.public_room_id,
        cover: row.cover,
        startTime: toDate(row.start_time),
        kind: 'soon',
        late: false,
      }));
    },
    async ticketHolders(liveShowId) {
      const rows = await db.query<{ member_id: string }>(
        'SELECT member_id FROM tickets WHERE live_show_id = $1 AND status = 1 ORDER BY member_id',
        [liveShowId],
      );
      return rows.map((row) => row.member_id);
    },
    async noticeRecipients(liveShowId) {
      const rows = await db.query<{ member_id: string }>(
        `SELECT member_id FROM tickets WHERE live_show_id = $1 AND status = 1
         UNION SELECT member_id FROM show_follows WHERE live_show_id = $1 ORDER BY member_id`,
        [liveShowId],
      );
      return rows.map((row) => row.member_id);
    },
    async byAnchor(anchorId) {
      const rows = await db.query<ShowRow>(
        `${SELECT_SHOWS} WHERE s.anchor_id = $1 ORDER BY s.start_time, s.live_show_id`,
        [anchorId],
      );
      return rows.map(showFromRow);
    },
  };
}
