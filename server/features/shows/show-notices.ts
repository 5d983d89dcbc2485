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

import { SHOW_REMINDER_BEFORE_S } from '../../../protocol/push/push';
import {
  EventRoute,
  type LadyShowToStartNotice,
  type ManShowToStartNotice,
  SHOW_NOTICE_LATE_S,
  SHOW_START_SOON_S,
  type ShowToStartInfo,
} from '../../../protocol/realtime';
import { ReminderEvent, type ShowMsgNotice, showMsgText } from '../../../protocol/reminders/reminders';
import { TickLoop } from '../../core/tick-loop';
import type { Notifier } from '../../realtime/deliver';
import type { ClaimedShowNotice, ShowsRepository } from './shows-repository';

export interface ShowNoticeDeps {
  shows: Pick<ShowsRepository, 'claimDueNotices' | 'noticeRecipients'> &
    Partial<Pick<ShowsRepository, 'claimPreStartNotices'>>;
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
    await this.preStart();
    return sent;
  }

  /**
   * The 30-minute pre-start notice on the socket (imShare/showMsgNotice), the push reminder's twin
   * (push-server/reminders.ts) for members with the app open: ticket holders and followers.
   */
  private async preStart(): Promise<void> {
    const { shows } = this.deps;
    if (!shows.claimPreStartNotices) return;
    try {
      const claimed = await shows.claimPreStartNotices(SHOW_REMINDER_BEFORE_S, SHOW_START_SOON_S);
      for (const c of claimed) {
        const left = Math.max(0, Math.round((c.startTime.getTime() - Date.now()) / 1000));
        const notice: ShowMsgNotice = {
          type: 'preStart',
          live_show_id: c.liveShowId,
          anchor_id: c.anchorId,
          anchor_nickname: c.anchorNickname,
          anchor_avatar: c.anchorAvatar,
          start_time: seconds(c.startTime),
          left_sec_to_start: left,
          msg: showMsgText(c.anchorNickname, Math.max(1, Math.ceil(left / 60))),
        };
        const holders = await this.deps.shows.noticeRecipients(c.liveShowId);
        await Promise.all(
          holders.map((userid) => this.deps.notifier.deliver(userid, ReminderEvent.showMsg, notice)),
        );
      }
    } catch (error) {
      this.deps.log?.('show notices: pre-start failed', error);
    }
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
