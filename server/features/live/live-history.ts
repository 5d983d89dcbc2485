/** The member's One-on-One history: his last sessions in private rooms and what each cost him. */

import {
  MY_SESSIONS_MAX,
  type MySessionsAnswer,
  ONE_ON_ONE_ROOM_TYPES,
} from '../../../protocol/live/live-sessions';
import { fromHundredths } from '../../../protocol/money';
import type { Db } from '../../storage/contract';
import { liveSessionsRepository } from './live-sessions-repository';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export class LiveHistoryService {
  private readonly sessions: ReturnType<typeof liveSessionsRepository>;

  constructor(db: Db) {
    this.sessions = liveSessionsRepository(db);
  }

  async oneOnOnes(memberId: string, limit = MY_SESSIONS_MAX): Promise<MySessionsAnswer> {
    const rows = await this.sessions.recentOf(memberId, ONE_ON_ONE_ROOM_TYPES, limit);
    return {
      list: rows.map((row) => ({
        session_id: row.sessionId,
        room_id: row.roomId,
        anchor: { anchor_id: row.anchorId, nickname: row.anchorNickname, photourl: row.anchorPhotourl },
        started_at: seconds(row.startedAt),
        ended_at: row.endedAt ? seconds(row.endedAt) : 0,
        minutes: row.minutesPaid,
        // What the ledger says he paid: the minutes, and a hold or deposit that paid ahead.
        credits: fromHundredths(row.spent),
        end_status: row.endStatus ?? '',
      })),
    };
  }
}
