/**
 * Reminders (spec 002 §3 "Reminder", §4 "Notice remind", §7 Realtime and the unread calls, §9):
 * a followed broadcaster coming online, new mail and schedules, shown one at a time for about
 * REMINDER_SHOW_MS; the same broadcaster's online notice not again within ONLINE_REMIND_REPEAT_S.
 * Event names the spec does not give are ours, in its style, and marked so.
 */

/** Spec: notice_remind_type. */
export const NOTICE_REMIND_TYPE = { mail: 0, online: 1, schedule: 2 } as const;
export type NoticeRemindType = (typeof NOTICE_REMIND_TYPE)[keyof typeof NOTICE_REMIND_TYPE];

/** Spec §3 "Reminder" (what one reminder shows). */
export interface Reminder {
  anchor_id: string;
  anchor_nickname: string;
  anchor_avatar: string;
  notice_remind_type: NoticeRemindType;
}

/** Spec §9: each reminder shows about 4 s, then the next queued. */
export const REMINDER_SHOW_MS = 4_000;
/** Spec §4, §9: the same broadcaster's online notice is not shown again within 7200 s. */
export const ONLINE_REMIND_REPEAT_S = 7_200;
/** Ours: reminders waiting beyond this many are dropped, oldest first (a burst is not a queue of minutes). */
export const REMINDER_QUEUE_MAX = 5;
/**
 * Ours: a broadcaster's socket coming and going (a reload, a flaky network) within this long tells
 * her followers once; the 7200 s rule on each device does the rest.
 */
export const ANCHOR_ONLINE_NOTICE_GAP_S = 5 * 60;
/** Ours: the Home page's schedule notice counts his confirmed One-on-Ones starting within this long. */
export const SCHEDULE_NOTICE_WITHIN_S = 24 * 60 * 60;

/** Realtime events behind the reminders (spec 002 §7 lists them by meaning). */
export const ReminderEvent = {
  /** Ours: a broadcaster he follows came online (signed in at her workspace, or went live). */
  anchorOnline: 'imMan/anchorOnlineNotice',
  /** Spec name: the show's 30-minute pre-start notice (the push reminder's socket twin). */
  showMsg: 'imShare/showMsgNotice',
} as const;

/** imMan/anchorOnlineNotice req_data. */
export type AnchorOnlineNotice = Reminder & {
  notice_remind_type: typeof NOTICE_REMIND_TYPE.online;
  /** Ours: when her followers were told (ms since the epoch); names this notice for the push server. */
  online_at?: number;
};

/** imShare/showMsgNotice req_data (ours: the spec names the event only). */
export interface ShowMsgNotice {
  type: 'preStart';
  live_show_id: string;
  anchor_id: string;
  anchor_nickname: string;
  anchor_avatar: string;
  /** Seconds since the epoch. */
  start_time: number;
  left_sec_to_start: number;
  msg: string;
}

export const showMsgText = (nickname: string, minutes: number) =>
  `${nickname}'s show starts in ${minutes} minutes.`;

/** HTTP calls (POST, no body). */
export const ReminderApi = {
  getTotalUnreadNum: '/pman/common/api/getTotalUnreadNum',
  getScheduleListNoReadNum: '/share/v1/getScheduleListNoReadNum',
} as const;

/** getTotalUnreadNum (spec §3 "Unread counters": emf, loi, say_hi_response, request_reply). */
export interface TotalUnreadNum {
  emf: number;
  loi: number;
  /** Say Hi answers he has not opened. */
  say_hi_response: number;
  /** His booking requests she answered that he has not looked at. */
  request_reply: number;
  /** Ours: unread private messages. */
  private_message: number;
  /** Ours: the sum of the above. */
  total: number;
}

/**
 * getScheduleListNoReadNum (spec §3 "Schedule list counts": total, history, pending, scheduled),
 * unread per tab of his schedule list; plus the Home page's schedule notice (sch_num, sch_time).
 */
export interface ScheduleListNoReadNum {
  total: number;
  history: number;
  pending: number;
  scheduled: number;
  /** His confirmed One-on-Ones starting within SCHEDULE_NOTICE_WITHIN_S. */
  sch_num: number;
  /** The soonest one's start, seconds since the epoch; 0 when none. */
  sch_time: number;
}

export const ReminderTexts = {
  online: (name: string) => `${name} is online now.`,
  mail: (name: string) => `You have a new mail from ${name}.`,
  schedule: (name: string) => `Your One-on-One with ${name} is coming up.`,
  levelUp: (name: string, level: number) => `Your Intimacy Level with ${name} is now ${level}.`,
  schNotice: (count: number) =>
    count === 1
      ? 'You have 1 scheduled One-on-One coming up'
      : `You have ${count} scheduled One-on-Ones coming up`,
} as const;
