/**
 * The seat directory (migration 051): where each seat's Janus handle lives, so a step reaching any
 * process finds the owner to forward it to, and a capped room counts the seats of every process.
 */
import type { Db } from '../../storage/contract';

export interface SeatEntry {
  viewerId: string;
  sessionId: string | null;
  memberId: string;
  anchorId: string;
  roomId: string;
  oneOnOne: boolean;
  owner: string;
  cameraViewId: string | null;
}

interface Row {
  viewer_id: string;
  session_id: string | null;
  member_id: string;
  anchor_id: string;
  room_id: string;
  one_on_one: boolean;
  owner: string;
  camera_view_id: string | null;
}

const COLUMNS = 'viewer_id, session_id, member_id, anchor_id, room_id, one_on_one, owner, camera_view_id';
const toEntry = (r: Row): SeatEntry => ({
  viewerId: r.viewer_id,
  sessionId: r.session_id,
  memberId: r.member_id,
  anchorId: r.anchor_id,
  roomId: r.room_id,
  oneOnOne: r.one_on_one,
  owner: r.owner,
  cameraViewId: r.camera_view_id,
});

export function seatDirectory(db: Db) {
  return {
    async put(e: SeatEntry): Promise<void> {
      await db.query(
        `INSERT INTO live_seats (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (viewer_id) DO UPDATE SET session_id = $2, owner = $7, camera_view_id = $8`,
        [e.viewerId, e.sessionId, e.memberId, e.anchorId, e.roomId, e.oneOnOne, e.owner, e.cameraViewId],
      );
    },
    async find(viewerId: string): Promise<SeatEntry | undefined> {
      const [row] = await db.query<Row>(`SELECT ${COLUMNS} FROM live_seats WHERE viewer_id = $1`, [viewerId]);
      return row ? toEntry(row) : undefined;
    },
    /** Newest first: after his reload through another process, his new seat leads. */
    async inRoom(roomId: string): Promise<SeatEntry[]> {
      const rows = await db.query<Row>(
        `SELECT ${COLUMNS} FROM live_seats WHERE room_id = $1 ORDER BY created_at DESC`,
        [roomId],
      );
      return rows.map(toEntry);
    },
    /** His seats, newest first: a reload through another process resumes where his seat is. */
    async ofMember(memberId: string): Promise<SeatEntry[]> {
      const rows = await db.query<Row>(
        `SELECT ${COLUMNS} FROM live_seats WHERE member_id = $1 ORDER BY created_at DESC`,
        [memberId],
      );
      return rows.map(toEntry);
    },
    /** Her One-on-One's seat (newest first), wherever it is held: what her resume asks for. */
    async oneOnOneOf(anchorId: string): Promise<SeatEntry | undefined> {
      const [row] = await db.query<Row>(
        `SELECT ${COLUMNS} FROM live_seats WHERE anchor_id = $1 AND one_on_one ORDER BY created_at DESC LIMIT 1`,
        [anchorId],
      );
      return row ? toEntry(row) : undefined;
    },
    /** The seat whose One-on-One her connection watching his camera belongs to. */
    async byCameraView(cameraViewId: string): Promise<SeatEntry | undefined> {
      const [row] = await db.query<Row>(`SELECT ${COLUMNS} FROM live_seats WHERE camera_view_id = $1`, [
        cameraViewId,
      ]);
      return row ? toEntry(row) : undefined;
    },
    async ofSession(sessionId: string): Promise<SeatEntry[]> {
      const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM live_seats WHERE session_id = $1`, [
        sessionId,
      ]);
      return rows.map(toEntry);
    },
    async setCameraView(viewerId: string, cameraViewId: string | null): Promise<void> {
      await db.query('UPDATE live_seats SET camera_view_id = $2 WHERE viewer_id = $1', [
        viewerId,
        cameraViewId,
      ]);
    },
    async remove(viewerId: string): Promise<void> {
      await db.query('DELETE FROM live_seats WHERE viewer_id = $1', [viewerId]);
    },
    /** A process that stops (or is found gone) leaves no seat behind: its seats, each taken once. */
    async removeOwner(owner: string): Promise<SeatEntry[]> {
      const rows = await db.query<Row>(`DELETE FROM live_seats WHERE owner = $1 RETURNING ${COLUMNS}`, [
        owner,
      ]);
      return rows.map(toEntry);
    },
    /** The processes holding seats now. */
    async owners(): Promise<string[]> {
      const rows = await db.query<{ owner: string }>('SELECT DISTINCT owner FROM live_seats');
      return rows.map((r) => r.owner);
    },
  };
}

export type SeatDirectory = ReturnType<typeof seatDirectory>;
