/**
 * Scheduled One-on-One bookings (migration 006). The slot indexes allow one live (pending or
 * accepted) booking per broadcaster and per member at a time; money is moved by the domain through
 * the ledger inside the same transaction as these rows.
 */
import type { BookingStatus } from '../../../protocol/bookings/booking';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

export interface BookingRecord {
  bookingId: string;
  kind: 'request' | 'invite';
  anchorId: string;
  userId: string;
  bookTime: Date;
  timeId: string;
  giftid: string;
  giftNum: number;
  needSms: 0 | 1;
  deposit: number;
  status: BookingStatus;
  createdAt: Date;
  userIsRead: 0 | 1;
  /** How many of the gift his backpack paid, and their soonest expiry (they return on a refund). */
  giftFromBackpack: number;
  giftBackpackUntil: Date | null;
}

/** A booking with the names and pictures the pages and notices show. */
export interface BookingView extends BookingRecord {
  anchorNickname: string;
  anchorAvatar: string;
  anchorType: 1 | 2;
  userNickname: string;
  userAvatar: string;
}

interface Row {
  booking_id: string;
  kind: 'request' | 'invite';
  anchor_id: string;
  user_id: string;
  book_time: unknown;
  time_id: string;
  giftid: string;
  gift_num: unknown;
  need_sms: unknown;
  deposit: unknown;
  status: BookingStatus;
  created_at: unknown;
  user_is_read: unknown;
  gift_from_backpack: unknown;
  gift_backpack_until: unknown;
  anchor_nickname?: string;
  anchor_avatar?: string;
  anchor_type?: unknown;
  user_nickname?: string;
  user_avatar?: string;
}

const COLUMNS = `b.booking_id, b.kind, b.anchor_id, b.user_id, b.book_time, b.time_id, b.giftid, b.gift_num,
  b.need_sms, b.deposit, b.status, b.created_at, b.user_is_read, b.gift_from_backpack, b.gift_backpack_until`;
const VIEW = `SELECT ${COLUMNS}, au.nickname AS anchor_nickname, au.photourl AS anchor_avatar,
  a.anchor_type, mu.nickname AS user_nickname, mu.photourl AS user_avatar
  FROM bookings b JOIN anchors a ON a.userid = b.anchor_id JOIN users au ON au.userid = b.anchor_id
  JOIN users mu ON mu.userid = b.user_id`;

export const LIVE_STATUSES = `('pending', 'accepted')`;

function fromRow(row: Row): BookingView {
  return {
    bookingId: row.booking_id,
    kind: row.kind,
    anchorId: row.anchor_id,
    userId: row.user_id,
    bookTime: toDate(row.book_time),
    timeId: row.time_id,
    giftid: row.giftid,
    giftNum: toInt(row.gift_num),
    needSms: toInt(row.need_sms) === 1 ? 1 : 0,
    deposit: toInt(row.deposit),
    status: row.status,
    createdAt: toDate(row.created_at),
    userIsRead: toInt(row.user_is_read) === 1 ? 1 : 0,
    giftFromBackpack: toInt(row.gift_from_backpack ?? 0),
    giftBackpackUntil: row.gift_backpack_until ? toDate(row.gift_backpack_until) : null,
    anchorNickname: row.anchor_nickname ?? '',
    anchorAvatar: row.anchor_avatar ?? '',
    anchorType: toInt(row.anchor_type ?? 1) === 2 ? 2 : 1,
    userNickname: row.user_nickname ?? '',
    userAvatar: row.user_avatar ?? '',
  };
}

export interface NewBooking {
  bookingId: string;
  kind: 'request' | 'invite';
  anchorId: string;
  userId: string;
  bookTime: Date;
  timeId: string;
  giftid: string;
  giftNum: number;
  needSms: 0 | 1;
  deposit: number;
  status: 'pending';
  /** His backpack's gifts that paid part of the gift (none unless given). */
  giftFromBackpack?: number;
  giftBackpackUntil?: Date | null;
}

/** Which scheduler step a claim is for; each column is set once, by one process. */
export type BookingClaim = 'sms' | 'soon' | 'start';

export function bookingsRepository(db: Db) {
  const view = async (id: string) => {
    const [row] = await db.query<Row>(`${VIEW} WHERE b.booking_id = $1`, [id]);
    return row && fromRow(row);
  };
  const views = async (where: string, params: unknown[], tail = 'ORDER BY b.book_time DESC') =>
    (await db.query<Row>(`${VIEW} WHERE ${where} ${tail}`, params)).map(fromRow);

  return {
    find: view,

    async insert(b: NewBooking): Promise<void> {
      await db.query(
        `INSERT INTO bookings (booking_id, kind, anchor_id, user_id, book_time, time_id, giftid, gift_num,
           need_sms, deposit, status, user_is_read, gift_from_backpack, gift_backpack_until)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, CASE WHEN $2 = 'request' THEN 1 ELSE 0 END,
           $12, $13)`,
        [
          b.bookingId,
          b.kind,
          b.anchorId,
          b.userId,
          b.bookTime,
          b.timeId,
          b.giftid,
          b.giftNum,
          b.needSms,
          b.deposit,
          b.status,
          b.giftFromBackpack ?? 0,
          b.giftBackpackUntil ?? null,
        ],
      );
    },

    /** His accepted booking with her whose time has come (from `from` to `to`), soonest first. */
    async startingBetween(
      anchorId: string,
      userId: string,
      from: Date,
      to: Date,
    ): Promise<BookingView | undefined> {
      const [found] = await views(
        `b.anchor_id = $1 AND b.user_id = $2 AND b.status IN ('accepted', 'completed') AND b.book_time BETWEEN $3 AND $4`,
        [anchorId, userId, from, to],
        'ORDER BY b.book_time LIMIT 1',
      );
      return found;
    },

    /** Live bookings of the broadcaster or of the member at that time. */
    async liveAt(anchorId: string, userId: string, bookTime: Date): Promise<BookingView[]> {
      return views(
        `(b.anchor_id = $1 OR b.user_id = $2) AND b.book_time = $3 AND b.status IN ${LIVE_STATUSES}`,
        [anchorId, userId, bookTime],
      );
    },

    /** Times (ms) with a live booking of this broadcaster or this member between from and to. */
    async busyTimes(who: { anchorId?: string; userId?: string }, from: Date, to: Date): Promise<Set<number>> {
      const rows = await db.query<{ book_time: unknown }>(
        `SELECT book_time FROM bookings WHERE (anchor_id = $1 OR user_id = $2) AND book_time >= $3
           AND book_time <= $4 AND status IN ${LIVE_STATUSES}`,
        [who.anchorId ?? '', who.userId ?? '', from, to],
      );
      return new Set(rows.map((r) => toDate(r.book_time).getTime()));
    },

    /** Moves a booking from one of `from` to `to`; undefined when it was not in one of them. */
    async transition(id: string, from: BookingStatus[], to: BookingStatus, deposit?: number) {
      const [row] = await db.query<{ booking_id: string }>(
        `UPDATE bookings SET status = $2, answered_at = COALESCE(answered_at, now()), user_is_read = 0,
           deposit = COALESCE($4, deposit), settled_at = CASE WHEN $2 IN ('pending', 'accepted') THEN NULL ELSE now() END
         WHERE booking_id = $1 AND status = ANY($3::text[]) RETURNING booking_id`,
        [id, to, from, deposit ?? null],
      );
      return row ? view(id) : undefined;
    },

    forMember: (userId: string) => views('b.user_id = $1', [userId], 'ORDER BY b.book_time DESC LIMIT 200'),
    forAnchor: (anchorId: string) =>
      views('b.anchor_id = $1', [anchorId], 'ORDER BY b.book_time DESC LIMIT 200'),

    /** Scheduled invitations the broadcaster sent since `since`. */
    async invitesSince(anchorId: string, since: Date): Promise<number> {
      const [row] = await db.query<{ n: unknown }>(
        `SELECT count(*) AS n FROM bookings WHERE anchor_id = $1 AND kind = 'invite' AND created_at >= $2`,
        [anchorId, since],
      );
      return toInt(row?.n ?? 0);
    },

    async unread(userId: string): Promise<number> {
      const [row] = await db.query<{ n: unknown }>(
        "SELECT count(*) AS n FROM bookings WHERE user_id = $1 AND user_is_read = 0 AND status <> 'completed'",
        [userId],
      );
      return toInt(row?.n ?? 0);
    },

    async markRead(userId: string): Promise<void> {
      await db.query('UPDATE bookings SET user_is_read = 1 WHERE user_id = $1 AND user_is_read = 0', [
        userId,
      ]);
    },

    /**
     * Claims one scheduler step for every booking due at `now`, in one UPDATE (so with many processes
     * each step happens once). sms: accepted with SMS, within the SMS lead; soon: accepted, within the
     * notice lead; start: accepted, at or past the start (but not past `lateS`).
     */
    async claim(step: BookingClaim, now: Date, leadS: number, lateS: number): Promise<BookingView[]> {
      const column = step === 'sms' ? 'sms_at' : step === 'soon' ? 'soon_at' : 'start_at';
      const extra = step === 'sms' ? 'AND need_sms = 1' : '';
      const rows = await db.query<{ booking_id: string }>(
        `UPDATE bookings SET ${column} = $1 WHERE ${column} IS NULL AND status = 'accepted' ${extra}
           AND book_time <= $1::timestamptz + make_interval(secs => $2)
           AND book_time > $1::timestamptz - make_interval(secs => $3)
         RETURNING booking_id`,
        [now, leadS, lateS],
      );
      return views('b.booking_id = ANY($1::text[])', [rows.map((r) => r.booking_id)]);
    },

    /** Pending bookings whose start has come (never answered), and accepted ones past the no-show
     * check: the domain settles each with `transition`, which succeeds once. */
    async dueToSettle(now: Date, noShowS: number): Promise<BookingView[]> {
      return views(
        `b.settled_at IS NULL AND ((b.status = 'pending' AND b.book_time <= $1)
           OR (b.status = 'accepted' AND b.book_time <= $1::timestamptz - make_interval(secs => $2)))`,
        [now, noShowS],
        'ORDER BY b.book_time LIMIT 200',
      );
    },

    /**
     * Whether the booking's One-on-One was held: a billing session of this member with her in its
     * room. Billing opens only once she is in the room with her camera and he has answered, on any
     * process, so this is what happened, whoever is online now.
     */
    async sessionHeld(roomId: string, anchorId: string, memberId: string): Promise<boolean> {
      const rows = await db.query(
        'SELECT 1 FROM live_sessions WHERE member_id = $1 AND room_id = $2 AND anchor_id = $3 LIMIT 1',
        [memberId, roomId, anchorId],
      );
      return rows.length > 0;
    },

    async setIdentityVerified(anchorId: string, verified: boolean): Promise<void> {
      await db.query('UPDATE anchors SET identity_verified = $2 WHERE userid = $1', [anchorId, verified]);
    },

    async identityVerified(anchorId: string): Promise<boolean> {
      const [row] = await db.query<{ v: unknown }>(
        'SELECT identity_verified AS v FROM anchors WHERE userid = $1',
        [anchorId],
      );
      return row?.v === true || row?.v === 't';
    },
  };
}

export type BookingsRepository = ReturnType<typeof bookingsRepository>;
