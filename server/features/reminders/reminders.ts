/**
 * Reminders (spec 002 §3, §4 "Notice remind", §7): the counts behind the unread badges and the
 * Home page's schedule notice, and the online notice a broadcaster's followers get when she comes
 * online. "Comes online" is decided here: her workspace's socket signs in (the app's socket login,
 * server/app.ts), at most once per ANCHOR_ONLINE_NOTICE_GAP_S per process, so a reload or a flaky
 * network does not tell them again; each device then shows one broadcaster's online notice at most
 * once per ONLINE_REMIND_REPEAT_S (src/features/reminders). A follower without a socket gets the
 * notice over the bus only when it can reach him (/mysetting/setchoice: by email, or by push with a
 * subscription): no socket hears it, the push server does (push-server/alerts.ts), and pushes or
 * mails it to him at most once per ONLINE_REMIND_REPEAT_S per broadcaster. New mail and schedules remind through their own events
 * (imLady/sendEmfNotice, imShare/scheStartNotice), which the client's queue shows the same way.
 */
import {
  ANCHOR_ONLINE_NOTICE_GAP_S,
  type AnchorOnlineNotice,
  NOTICE_REMIND_TYPE,
  ReminderEvent,
  SCHEDULE_NOTICE_WITHIN_S,
  type ScheduleListNoReadNum,
  type TotalUnreadNum,
} from '../../../protocol/reminders/reminders';
import type { Notifier } from '../../realtime/deliver';
import type { Presence } from '../../realtime/presence';
import type { Db } from '../../storage/contract';
import { type RemindersRepository, remindersRepository } from './reminders-repository';

export interface ReminderDeps {
  db: Db;
  notifier: Notifier;
  presence: Presence;
  now?: () => number;
}

export class ReminderService {
  private readonly repo: RemindersRepository;
  /** When each broadcaster's followers were last told here (ms). */
  private readonly toldAt = new Map<string, number>();

  constructor(private readonly deps: ReminderDeps) {
    this.repo = remindersRepository(deps.db);
  }

  private now() {
    return (this.deps.now ?? Date.now)();
  }

  totalUnread(memberId: string): Promise<TotalUnreadNum> {
    return this.repo.totalUnread(memberId);
  }

  scheduleNoRead(memberId: string): Promise<ScheduleListNoReadNum> {
    return this.repo.scheduleNoRead(memberId, new Date(this.now()), SCHEDULE_NOTICE_WITHIN_S);
  }

  /** Her socket signed in: her followers online now are told (see the module comment). */
  async anchorOnline(anchorId: string): Promise<string[]> {
    const now = this.now();
    const last = this.toldAt.get(anchorId);
    if (last !== undefined && now - last < ANCHOR_ONLINE_NOTICE_GAP_S * 1000) return [];
    this.toldAt.set(anchorId, now);
    for (const [id, at] of this.toldAt)
      if (now - at >= ANCHOR_ONLINE_NOTICE_GAP_S * 1000) this.toldAt.delete(id);
    const found = await this.repo.followers(anchorId);
    if (!found) return [];
    const notice: AnchorOnlineNotice = {
      anchor_id: anchorId,
      anchor_nickname: found.nickname,
      anchor_avatar: found.photourl,
      notice_remind_type: NOTICE_REMIND_TYPE.online,
      online_at: now,
    };
    const told: string[] = [];
    for (const memberId of found.members) {
      const online = await this.deps.presence.isOnline(memberId);
      if (!online && !found.away.has(memberId)) continue;
      await this.deps.notifier.deliver(memberId, ReminderEvent.anchorOnline, notice);
      if (online) told.push(memberId);
    }
    return told;
  }
}
