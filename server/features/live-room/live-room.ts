/**
 * His room's facts beyond its media: how many watch it, and his newest visit to a room, read back after it ends: what it lasted and what the ledger took
 * (spentSql: its charged minutes, and a hold or deposit that paid ahead), so the room's summary
 * shows the charge itself, never a client's clock.
 */
import type { AudienceAnswer, LastVisitAnswer } from '../../../protocol/live/live-room';
import { fromHundredths } from '../../../protocol/money';
import type { Sfu } from '../../sfu/sfu';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';
import { spentSql } from '../live';

const seconds = (value: unknown) => Math.floor(toDate(value).getTime() / 1000);

export class LiveRoomService {
  constructor(
    private readonly db: Db,
    private readonly sfu: Sfu,
  ) {}

  /** The SFU counts a room's viewers (Janus adds up every process's). */
  async audience(roomId: string): Promise<AudienceAnswer> {
    return { room_id: roomId, viewers: await this.sfu.viewerCount(roomId) };
  }

  async lastVisit(memberId: string, roomId: string): Promise<LastVisitAnswer> {
    const [row] = await this.db.query<{
      started_at: unknown;
      ended_at: unknown;
      minutes_paid: unknown;
      spent: unknown;
    }>(
      `SELECT s.started_at, s.ended_at, s.minutes_paid, ${spentSql} AS spent
         FROM live_sessions s
        WHERE s.member_id = $1 AND s.room_id = $2
        ORDER BY s.started_at DESC, s.session_id DESC
        LIMIT 1`,
      [memberId, roomId],
    );
    if (!row) return { room_id: roomId, started_at: 0, ended_at: 0, minutes: 0, credits: 0 };
    return {
      room_id: roomId,
      started_at: seconds(row.started_at),
      ended_at: row.ended_at === null || row.ended_at === undefined ? 0 : seconds(row.ended_at),
      minutes: toInt(row.minutes_paid),
      credits: fromHundredths(Math.max(0, toInt(row.spent))),
    };
  }
}
