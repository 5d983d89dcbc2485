/**
 * Show-start notices (spec 000 §4 "Show-start countdown", §7): every tick each process claims the
 * due notices in one UPDATE (so with many processes each goes out once) and sends them through
 * the bus, which reaches the member's sockets on whichever process holds them.
 * - 'soon' when a show starts within SHOW_START_SOON_S (the countdown then shows 'start');
 * - 'start' when its start time has come ('soon' is skipped if it was never sent);
 * - nothing for cancelled shows (status 4, 5), and nothing for a show more than SHOW_NOTICE_LATE_S
 *   past its start (claimed silently, so a server that was down does not send stale notices).
 * Members holding a bought ticket or following the show (Notify me) get imMan/showToStartNotice;
 * the broadcaster imLady/showToStartNotice.
 */
import {
  EventRoute,
  type LadyShowToStartNotice,
  type ManShowToStartNotice,
  SHOW_NOTICE_LATE_S,
  SHOW_START_SOON_S,
  type ShowToStartInfo,
} from '../../protocol/realtime';
import type { Notifier } from '../realtime/deliver';
import type { ClaimedShowNotice, ShowsRepository } from '../storage/repositories/shows';
import { TickLoop } from './tick-loop';

export interface ShowNoticeDeps {
  shows: Pick<ShowsRepository, 'claimDueNotices' | 'noticeRecipients'>;
  notifier: Notifier;
  tickMs: number;
  log?: (message: string, error?: unknown) => void;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function showToStartMessage(kind: 'soon' | 'start', nickname: string, leftSec: number): string {
  if (kind === 'start') return `${nickname}'s show has started. Join now!`;
  const minutes = Math.max(1, Math.ceil(leftSec / 60));
  return `${nickname}'s show starts in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export function showInfoOf(c: ClaimedShowNotice, now = Date.now()): ShowToStartInfo {
  return {
    live_show_id: c.liveShowId,
    live_room_id: c.publicRoomId || `SH${c.liveShowId}`,
    anchor_id: c.anchorId,
    anchor_nickname: c.anchorNickname,
    anchor_avatar: c.anchorAvatar,
    cover: c.cover,
    start_time: seconds(c.startTime),
    left_sec_to_start: Math.max(0, Math.round((c.startTime.getTime() - now) / 1000)),
  };
}

export class ShowNoticeScheduler {
  private readonly loop: TickLoop;

  constructor(private readonly deps: ShowNoticeDeps) {
    this.loop = new TickLoop(() => this.tick(), deps.tickMs);
  }

  start(): void {
    this.loop.start();
  }

  /** Claims and sends what is due now; returns the notices sent (late ones are not). */
  async tick(): Promise<ClaimedShowNotice[]> {
    let claimed: ClaimedShowNotice[];
    try {
      claimed = await this.deps.shows.claimDueNotices(SHOW_START_SOON_S, SHOW_NOTICE_LATE_S);
    } catch (error) {
      this.deps.log?.('show notices: claim failed', error);
      return [];
    }
    const sent = claimed.filter((c) => !c.late);
    await Promise.all(
      sent.map((c) => this.send(c).catch((error) => this.deps.log?.('show notices: send failed', error))),
    );
    return sent;
  }

  private async send(c: ClaimedShowNotice): Promise<void> {
    const info = showInfoOf(c);
    const member: ManShowToStartNotice = {
      type: c.kind,
      show_info: info,
      msg: showToStartMessage(c.kind, c.anchorNickname, info.left_sec_to_start),
    };
    const lady: LadyShowToStartNotice = {
      type: c.kind,
      show_info: {
        live_room_id: info.live_room_id,
        live_show_id: info.live_show_id,
        start_time: info.start_time,
      },
    };
    const holders = await this.deps.shows.noticeRecipients(c.liveShowId);
    const { notifier } = this.deps;
    await Promise.all([
      ...holders.map((userid) => notifier.deliver(userid, EventRoute.manShowToStart, member)),
      notifier.deliver(c.anchorId, EventRoute.ladyShowToStart, lady),
    ]);
  }

  async close(): Promise<void> {
    await this.loop.stop();
  }
}
