/**
 * Hang-out rooms as stored (migration 029): the rows any process reads for getHangoutStatus and
 * getHangoutingAnchorList; the process holding a room's media writes them as its slots change.
 */
import { type Db, isUniqueViolation } from '../../storage/contract';

export interface OpenHangout {
  roomId: string;
  anchorId: string;
  memberId: string;
  /** Friends on camera now (slot status living). */
  living: string[];
}

interface OpenRow {
  room_id: string;
  anchor_id: string;
  member_id: string;
  living: string[] | null;
}

const LIVING = 4;
const SELECT_OPEN = `SELECT r.room_id, r.anchor_id, r.member_id,
    ARRAY(SELECT s.anchor_id FROM hangout_slots s WHERE s.room_id = r.room_id AND s.status = ${LIVING}
          AND s.anchor_id IS NOT NULL ORDER BY s.slot_no) AS living
  FROM hangout_rooms r WHERE r.ended_at IS NULL`;
const fromRow = (r: OpenRow): OpenHangout => ({
  roomId: r.room_id,
  anchorId: r.anchor_id,
  memberId: r.member_id,
  living: r.living ?? [],
});

export function hangoutRepository(db: Db) {
  return {
    /** A new room; false when the member or the host already has one open. */
    async create(room: {
      roomId: string;
      anchorId: string;
      memberId: string;
      inviteId: string;
      slots: number;
    }) {
      return db
        .transaction(async (tx) => {
          await tx.query(
            'INSERT INTO hangout_rooms (room_id, anchor_id, member_id, invite_id) VALUES ($1, $2, $3, $4)',
            [room.roomId, room.anchorId, room.memberId, room.inviteId],
          );
          for (let n = 1; n <= room.slots; n++)
            await tx.query('INSERT INTO hangout_slots (room_id, slot_no) VALUES ($1, $2)', [room.roomId, n]);
          await tx.query(`INSERT INTO hangout_members (room_id, user_id, role) VALUES ($1, $2, 'host')`, [
            room.roomId,
            room.anchorId,
          ]);
          return true;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) return false;
          throw error;
        });
    },

    async setSlot(roomId: string, slotNo: number, anchorId: string | null, status: number) {
      await db.query(
        'UPDATE hangout_slots SET anchor_id = $3, status = $4, updated_at = now() WHERE room_id = $1 AND slot_no = $2',
        [roomId, slotNo, anchorId, status],
      );
    },

    async entered(roomId: string, userId: string, role: 'member' | 'friend') {
      await db.query('INSERT INTO hangout_members (room_id, user_id, role) VALUES ($1, $2, $3)', [
        roomId,
        userId,
        role,
      ]);
    },

    async left(roomId: string, userId: string) {
      await db.query(
        'UPDATE hangout_members SET left_at = now() WHERE room_id = $1 AND user_id = $2 AND left_at IS NULL',
        [roomId, userId],
      );
    },

    async billed(roomId: string, sessionId: string) {
      await db.query('UPDATE hangout_rooms SET session_id = $2 WHERE room_id = $1', [roomId, sessionId]);
    },

    async end(roomId: string, status: string) {
      await db.query(
        'UPDATE hangout_rooms SET ended_at = now(), end_status = $2 WHERE room_id = $1 AND ended_at IS NULL',
        [roomId, status],
      );
      await db.query('UPDATE hangout_members SET left_at = now() WHERE room_id = $1 AND left_at IS NULL', [
        roomId,
      ]);
    },

    async openOfMember(memberId: string): Promise<OpenHangout | undefined> {
      const [row] = await db.query<OpenRow>(`${SELECT_OPEN} AND r.member_id = $1`, [memberId]);
      return row ? fromRow(row) : undefined;
    },

    async openWith(anchorId: string, memberId: string): Promise<OpenHangout | undefined> {
      const [row] = await db.query<OpenRow>(`${SELECT_OPEN} AND r.anchor_id = $1 AND r.member_id = $2`, [
        anchorId,
        memberId,
      ]);
      return row ? fromRow(row) : undefined;
    },

    async open(limit: number): Promise<OpenHangout[]> {
      const rows = await db.query<OpenRow>(`${SELECT_OPEN} ORDER BY r.started_at DESC LIMIT $1`, [limit]);
      return rows.map(fromRow);
    },

    /** The process holding the room's live state (several processes on Janus). */
    async setOwner(roomId: string, owner: string) {
      await db.query('UPDATE hangout_rooms SET owner = $2 WHERE room_id = $1', [roomId, owner]);
    },

    /** Where an open room is held: by its id, by her and him, or by a broadcaster in it (host or slot). */
    async ownerOf(by: {
      roomId?: string;
      anchorId?: string;
      memberId?: string;
    }): Promise<string | undefined> {
      const [row] = await db.query<{ owner: string | null }>(
        `SELECT r.owner FROM hangout_rooms r WHERE r.ended_at IS NULL
           AND ($1::text IS NULL OR r.room_id = $1) AND ($3::text IS NULL OR r.member_id = $3)
           AND ($2::text IS NULL OR r.anchor_id = $2
             OR EXISTS (SELECT 1 FROM hangout_slots s WHERE s.room_id = r.room_id AND s.anchor_id = $2))
         LIMIT 1`,
        [by.roomId ?? null, by.anchorId ?? null, by.memberId ?? null],
      );
      return row?.owner ?? undefined;
    },

    /** The processes holding open rooms now. */
    async owners(): Promise<string[]> {
      const rows = await db.query<{ owner: string }>(
        'SELECT DISTINCT owner FROM hangout_rooms WHERE ended_at IS NULL AND owner IS NOT NULL',
      );
      return rows.map((r) => r.owner);
    },

    /**
     * The open rooms a gone process held end with `status` (each taken once, whichever process finds
     * it gone): their billing sessions, and everyone to tell (member, host, friends still in it).
     */
    async endOwnedBy(
      owner: string,
      status: string,
    ): Promise<{ roomId: string; sessionId: string | null; audience: string[] }[]> {
      return db.transaction(async (tx) => {
        const rooms = await tx.query<{
          room_id: string;
          session_id: string | null;
          member_id: string;
          anchor_id: string;
        }>(
          `UPDATE hangout_rooms SET ended_at = now(), end_status = $2
            WHERE owner = $1 AND ended_at IS NULL RETURNING room_id, session_id, member_id, anchor_id`,
          [owner, status],
        );
        const ended = [];
        for (const room of rooms) {
          const left = await tx.query<{ user_id: string }>(
            `UPDATE hangout_members SET left_at = now() WHERE room_id = $1 AND left_at IS NULL
              RETURNING user_id`,
            [room.room_id],
          );
          ended.push({
            roomId: room.room_id,
            sessionId: room.session_id,
            audience: [...new Set([room.member_id, room.anchor_id, ...left.map((m) => m.user_id)])],
          });
        }
        return ended;
      });
    },

    /** Rooms left open by a process that stopped: they end (their media went with it). */
    async endAll(status: string) {
      await db.query('UPDATE hangout_rooms SET ended_at = now(), end_status = $1 WHERE ended_at IS NULL', [
        status,
      ]);
    },
  };
}

export type HangoutRepository = ReturnType<typeof hangoutRepository>;
