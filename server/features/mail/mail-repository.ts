/**
 * SQL of mail, greeting mail, letter media, uploaded photos and the stamp ledger (011_mail.sql), and
 * the booking a member's mail carries (012_mail_schedule.sql).
 * The stamp ledger mirrors the credit ledger: a move locks the member, refuses a repeated key and a
 * negative balance, and changes members.poststamp in the caller's transaction.
 */
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';
import { assertPayable } from '../money';
import { notBlocked } from '../safety';

export interface MailRecord {
  emfId: string;
  kind: 'emf' | 'loi';
  memberId: string;
  anchorId: string;
  anchorNickname: string;
  anchorPhotourl: string;
  fromMember: boolean;
  content: string;
  replyTo: string | null;
  needsPay: boolean;
  paidAt: Date | null;
  readAt: Date | null;
  sentAt: Date;
  /** The scheduled One-on-One request sent with this mail (012), or null. */
  bookingId: string | null;
}

export interface MediaRecord {
  emfId: string;
  resourceId: string;
  isVideo: boolean;
  isFree: boolean;
  describe: string;
  bought: boolean;
}

export interface PhotoRecord {
  photoId: string;
  memberId: string;
  sha256: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  emfId: string | null;
}

export type StampMoveResult =
  | { status: 'moved'; balance: number }
  | { status: 'duplicate' }
  | { status: 'insufficient'; balance: number };

interface MailRow {
  emf_id: string;
  kind: 'emf' | 'loi';
  member_id: string;
  anchor_id: string;
  nickname: string;
  photourl: string;
  from_member: boolean;
  content: string;
  reply_to: string | null;
  needs_pay: boolean;
  paid_at: unknown;
  read_at: unknown;
  sent_at: unknown;
  booking_id: string | null;
}

const MAIL_COLUMNS = `m.emf_id, m.kind, m.member_id, m.anchor_id, u.nickname, u.photourl, m.from_member, m.content,
  m.reply_to, m.needs_pay, m.paid_at, m.read_at, m.sent_at, m.booking_id`;

const mailOf = (r: MailRow): MailRecord => ({
  emfId: r.emf_id,
  kind: r.kind,
  memberId: r.member_id,
  anchorId: r.anchor_id,
  anchorNickname: r.nickname,
  anchorPhotourl: r.photourl,
  fromMember: r.from_member,
  content: r.content,
  replyTo: r.reply_to,
  needsPay: r.needs_pay,
  paidAt: r.paid_at == null ? null : toDate(r.paid_at),
  readAt: r.read_at == null ? null : toDate(r.read_at),
  sentAt: toDate(r.sent_at),
  bookingId: r.booking_id ?? null,
});

export type MailBox = 'inbox' | 'outbox' | 'loi';
// Her letters leave his boxes once he blocks her; what he sent stays in his outbox.
const HERS_NOT_BLOCKED = `(m.from_member OR ${notBlocked('m.member_id', 'm.anchor_id')})`;
const BOX_WHERE: Record<MailBox, string> = {
  inbox: `m.kind = 'emf' AND NOT m.from_member AND ${HERS_NOT_BLOCKED}`,
  outbox: "m.kind = 'emf' AND m.from_member",
  loi: `m.kind = 'loi' AND ${HERS_NOT_BLOCKED}`,
};

/** The resource id of a letter's `i`-th item (from 0). */
export const resourceIdAt = (i: number) => `R${i + 1}`;

export function mailRepository(db: Db) {
  return {
    async insertMail(mail: {
      emfId: string;
      kind: 'emf' | 'loi';
      memberId: string;
      anchorId: string;
      fromMember: boolean;
      content: string;
      replyTo?: string | null;
      needsPay: boolean;
      sendKey?: string | null;
      sentAt?: Date;
      bookingId?: string | null;
    }): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO mail (emf_id, kind, member_id, anchor_id, from_member, content, reply_to, needs_pay, send_key, sent_at,
           booking_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, COALESCE($10::timestamptz, now()), $11)
         ON CONFLICT DO NOTHING RETURNING emf_id`,
        [
          mail.emfId,
          mail.kind,
          mail.memberId,
          mail.anchorId,
          mail.fromMember,
          mail.content,
          mail.replyTo ?? null,
          mail.needsPay,
          mail.sendKey ?? null,
          mail.sentAt?.toISOString() ?? null,
          mail.bookingId ?? null,
        ],
      );
      return rows.length > 0;
    },

    /** A letter's photos and videos, in order: R1, R2, … (resourceIdAt). */
    async insertMedia(
      emfId: string,
      items: readonly { isVideo: boolean; isFree: boolean; describe: string }[],
    ): Promise<void> {
      for (const [i, m] of items.entries()) {
        await db.query(
          `INSERT INTO mail_media (emf_id, resource_id, is_video, is_free, describe, position)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
          [emfId, resourceIdAt(i), m.isVideo, m.isFree, m.describe, i],
        );
      }
    },

    async bySendKey(key: string): Promise<string | undefined> {
      const [row] = await db.query<{ emf_id: string }>('SELECT emf_id FROM mail WHERE send_key = $1', [key]);
      return row?.emf_id;
    },

    async get(emfId: string, forUpdate = false): Promise<MailRecord | undefined> {
      const [row] = await db.query<MailRow>(
        `SELECT ${MAIL_COLUMNS} FROM mail m JOIN users u ON u.userid = m.anchor_id WHERE m.emf_id = $1
         ${forUpdate ? 'FOR UPDATE OF m' : ''}`,
        [emfId],
      );
      return row && mailOf(row);
    },

    /** One letter named as the broadcaster's list names it (anchorNickname holds the member's). */
    async getWithMember(emfId: string): Promise<MailRecord | undefined> {
      const [row] = await db.query<MailRow>(
        `SELECT ${MAIL_COLUMNS} FROM mail m JOIN users u ON u.userid = m.member_id WHERE m.emf_id = $1`,
        [emfId],
      );
      return row && mailOf(row);
    },

    /** The mail that carries a booking (a schedule request sent by mail), if any. */
    async byBooking(bookingId: string): Promise<MailRecord | undefined> {
      const [row] = await db.query<MailRow>(
        `SELECT ${MAIL_COLUMNS} FROM mail m JOIN users u ON u.userid = m.anchor_id WHERE m.booking_id = $1`,
        [bookingId],
      );
      return row && mailOf(row);
    },

    /** The member finished the mail guide (members.guide_mail, reported by getUserConfig). */
    async setGuideMail(userId: string): Promise<void> {
      await db.query('UPDATE members SET guide_mail = true WHERE userid = $1', [userId]);
    },

    async list(memberId: string, box: MailBox, start: number, step: number) {
      const [rows, [total], [unread]] = await Promise.all([
        db.query<MailRow>(
          `SELECT ${MAIL_COLUMNS} FROM mail m JOIN users u ON u.userid = m.anchor_id
           WHERE m.member_id = $1 AND ${BOX_WHERE[box]} ORDER BY m.sent_at DESC, m.emf_id DESC
           LIMIT $2 OFFSET $3`,
          [memberId, step, start],
        ),
        db.query<{ n: unknown }>(
          `SELECT count(*) AS n FROM mail m WHERE m.member_id = $1 AND ${BOX_WHERE[box]}`,
          [memberId],
        ),
        db.query<{ n: unknown }>(
          `SELECT count(*) AS n FROM mail m WHERE m.member_id = $1 AND ${BOX_WHERE[box]} AND m.read_at IS NULL
           AND NOT m.from_member`,
          [memberId],
        ),
      ]);
      return { list: rows.map(mailOf), total: toInt(total?.n ?? 0), unread: toInt(unread?.n ?? 0) };
    },

    async unread(memberId: string, kind: 'emf' | 'loi'): Promise<number> {
      const [row] = await db.query<{ n: unknown }>(
        `SELECT count(*) AS n FROM mail m WHERE m.member_id = $1 AND m.kind = $2 AND NOT m.from_member
         AND m.read_at IS NULL AND ${HERS_NOT_BLOCKED}`,
        [memberId, kind],
      );
      return toInt(row?.n ?? 0);
    },

    async forAnchor(anchorId: string, limit: number): Promise<MailRecord[]> {
      const rows = await db.query<MailRow>(
        `SELECT ${MAIL_COLUMNS} FROM mail m JOIN users u ON u.userid = m.member_id
         WHERE m.anchor_id = $1 ORDER BY m.sent_at DESC, m.emf_id DESC LIMIT $2`,
        [anchorId, limit],
      );
      return rows.map(mailOf);
    },

    async markRead(emfId: string): Promise<void> {
      await db.query('UPDATE mail SET read_at = COALESCE(read_at, now()) WHERE emf_id = $1', [emfId]);
    },

    async markPaid(emfId: string): Promise<void> {
      await db.query(
        'UPDATE mail SET paid_at = COALESCE(paid_at, now()), read_at = COALESCE(read_at, now()) WHERE emf_id = $1',
        [emfId],
      );
    },

    async media(emfId: string, memberId: string): Promise<MediaRecord[]> {
      const rows = await db.query<{
        emf_id: string;
        resource_id: string;
        is_video: boolean;
        is_free: boolean;
        describe: string;
        bought: boolean;
      }>(
        `SELECT mm.emf_id, mm.resource_id, mm.is_video, mm.is_free, mm.describe,
           EXISTS (SELECT 1 FROM mail_media_bought b WHERE b.emf_id = mm.emf_id
                   AND b.resource_id = mm.resource_id AND b.member_id = $2) AS bought
         FROM mail_media mm WHERE mm.emf_id = $1 ORDER BY mm.position, mm.resource_id`,
        [emfId, memberId],
      );
      return rows.map((r) => ({
        emfId: r.emf_id,
        resourceId: r.resource_id,
        isVideo: r.is_video,
        isFree: r.is_free,
        describe: r.describe,
        bought: r.bought,
      }));
    },

    async mediaCounts(emfIds: string[]): Promise<Map<string, number>> {
      if (!emfIds.length) return new Map();
      const rows = await db.query<{ emf_id: string; n: unknown }>(
        `SELECT emf_id, count(*) AS n FROM (
           SELECT emf_id FROM mail_media WHERE emf_id = ANY($1::text[])
           UNION ALL SELECT emf_id FROM mail_photos WHERE emf_id = ANY($1::text[])) x GROUP BY emf_id`,
        [emfIds],
      );
      return new Map(rows.map((r) => [r.emf_id, toInt(r.n)]));
    },

    /** Records a purchase once; false when it was bought before. */
    async insertBought(emfId: string, resourceId: string, memberId: string, paidWith: string) {
      const rows = await db.query(
        `INSERT INTO mail_media_bought (emf_id, resource_id, member_id, paid_with) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING emf_id`,
        [emfId, resourceId, memberId, paidWith],
      );
      return rows.length > 0;
    },

    async insertPhoto(p: Omit<PhotoRecord, 'emfId'>): Promise<void> {
      await db.query(
        `INSERT INTO mail_photos (photo_id, member_id, sha256, mime, bytes, width, height)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [p.photoId, p.memberId, p.sha256, p.mime, p.bytes, p.width, p.height],
      );
    },

    async photos(photoIds: string[]): Promise<PhotoRecord[]> {
      if (!photoIds.length) return [];
      const rows = await db.query<{
        photo_id: string;
        member_id: string;
        sha256: string;
        mime: string;
        bytes: unknown;
        width: unknown;
        height: unknown;
        emf_id: string | null;
      }>(
        `SELECT photo_id, member_id, sha256, mime, bytes, width, height, emf_id FROM mail_photos
         WHERE photo_id = ANY($1::text[])`,
        [photoIds],
      );
      return rows.map((r) => ({
        photoId: r.photo_id,
        memberId: r.member_id,
        sha256: r.sha256,
        mime: r.mime,
        bytes: toInt(r.bytes),
        width: toInt(r.width),
        height: toInt(r.height),
        emfId: r.emf_id,
      }));
    },

    async photosOf(emfId: string): Promise<string[]> {
      const rows = await db.query<{ photo_id: string }>(
        'SELECT photo_id FROM mail_photos WHERE emf_id = $1 ORDER BY position, photo_id',
        [emfId],
      );
      return rows.map((r) => r.photo_id);
    },

    async attachPhoto(photoId: string, emfId: string, position: number): Promise<void> {
      await db.query('UPDATE mail_photos SET emf_id = $2, position = $3 WHERE photo_id = $1', [
        photoId,
        emfId,
        position,
      ]);
    },

    /** Moves stamps once per key; never below zero. Run inside a transaction. */
    async moveStamps(move: {
      userId: string;
      delta: number;
      reason: string;
      ref: string;
      key: string;
      /** The broadcaster paid (null: nobody); a suspended one cannot be. */
      payee: string | null;
    }): Promise<StampMoveResult> {
      const [member] = await db.query<{ poststamp: unknown }>(
        'SELECT poststamp FROM members WHERE userid = $1 FOR UPDATE',
        [move.userId],
      );
      if (!member) throw new Error(`stamps: no member ${move.userId}`);
      await assertPayable(db, move.payee, move.delta);
      const [earlier] = await db.query('SELECT 1 FROM stamp_ledger WHERE idem_key = $1', [move.key]);
      if (earlier) return { status: 'duplicate' };
      const balance = toInt(member.poststamp);
      if (balance + move.delta < 0) return { status: 'insufficient', balance };
      await db.query('UPDATE members SET poststamp = poststamp + $2 WHERE userid = $1', [
        move.userId,
        move.delta,
      ]);
      await db.query(
        `INSERT INTO stamp_ledger (user_id, delta, balance_after, reason, ref, idem_key)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [move.userId, move.delta, balance + move.delta, move.reason, move.ref, move.key],
      );
      return { status: 'moved', balance: balance + move.delta };
    },

    async stampHistory(userId: string, limit = 50) {
      const rows = await db.query<{
        id: unknown;
        delta: unknown;
        balance_after: unknown;
        reason: string;
        ref: string;
        at: unknown;
      }>(
        `SELECT id, delta, balance_after, reason, ref, at FROM stamp_ledger WHERE user_id = $1
         ORDER BY at DESC, id DESC LIMIT $2`,
        [userId, limit],
      );
      return rows.map((r) => ({
        id: toInt(r.id),
        delta: toInt(r.delta),
        balanceAfter: toInt(r.balance_after),
        reason: r.reason,
        ref: r.ref,
        at: toDate(r.at),
      }));
    },

    /** Balances with the member row locked (call inside a transaction). */
    async lockBalances(userId: string): Promise<{ credit: number; poststamp: number }> {
      const [row] = await db.query<{ credit: unknown; poststamp: unknown }>(
        'SELECT credit, poststamp FROM members WHERE userid = $1 FOR UPDATE',
        [userId],
      );
      if (!row) throw new Error(`mail: no member ${userId}`);
      return { credit: toInt(row.credit), poststamp: toInt(row.poststamp) };
    },

    async anchorTarget(anchorId: string) {
      const [row] = await db.query<{
        userid: string;
        nickname: string;
        photourl: string;
        account_status: unknown;
      }>(
        `SELECT u.userid, u.nickname, u.photourl, a.account_status FROM anchors a JOIN users u ON u.userid = a.userid
         WHERE a.userid = $1`,
        [anchorId],
      );
      return row && { ...row, active: toInt(row.account_status) === 1 };
    },

    async memberExists(userId: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM members WHERE userid = $1', [userId]);
      return rows.length > 0;
    },
  };
}

export type MailRepository = ReturnType<typeof mailRepository>;
