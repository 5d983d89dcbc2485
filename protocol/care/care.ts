/**
 * Customer care (spec 002 §2: /customer/list, the footer's Customer Care). The spec names the page
 * only; the rest is ours, written down here:
 * - A member opens a thread (subject, category, message, optionally one screenshot) and follows it;
 *   he and the care team (operators with the `support` role) write in turn.
 * - A thread is 'open' (waiting for care), 'answered' (care wrote last) or 'closed' (care closed
 *   it). The member's new message reopens a thread, answered or closed.
 * - At most CARE_OPEN_MAX threads of his wait for care at once (10651).
 * - A screenshot is uploaded first (the photo rules of mail, re-encoded without metadata) and named
 *   by its upload_id in the message; it is shown only to him and to care.
 * - Care's answer counts as unread until he opens the thread; the socket tells him at once
 *   (CARE_ANSWER_EVENT) and the footer's Customer Care shows the count.
 */
export const CARE_CATEGORIES = ['account', 'payment', 'technical', 'broadcaster', 'other'] as const;
export type CareCategory = (typeof CARE_CATEGORIES)[number];
export const CARE_CATEGORY_LABELS: Record<CareCategory, string> = {
  account: 'My account',
  payment: 'Credits and payments',
  technical: 'Technical problem',
  broadcaster: 'A broadcaster',
  other: 'Something else',
};

export type CareStatus = 'open' | 'answered' | 'closed';
export const CARE_STATUS_LABELS: Record<CareStatus, string> = {
  open: 'Waiting for Customer Care',
  answered: 'Answered',
  closed: 'Closed',
};

export const CARE_SUBJECT_MAX = 120;
export const CARE_MESSAGE_MAX = 4000;
export const CARE_OPEN_MAX = 5;
/** The socket event a member gets when care answers him (data: CareAnswerNotice). */
export const CARE_ANSWER_EVENT = 'imShare/careAnswer';

export const CareApi = {
  /** His threads, newest activity first, with the unread count. */
  list: '/care/v1/list',
  /** One of his threads with its messages; marks care's answers read. */
  thread: '/care/v1/thread',
  create: '/care/v1/create',
  reply: '/care/v1/reply',
  /** How many of care's answers he has not read (the footer's badge). */
  unread: '/care/v1/unread',
  /** Raw bytes (application/octet-stream) of one screenshot; answers an upload_id. */
  uploadScreenshot: '/care/v1/uploadScreenshot',
  /** GET {screenshot}/:messageId: a message's screenshot, to its member and to care only. */
  screenshot: '/care/v1/screenshot',
  /** Operator (`support`): threads by status, oldest waiting first. */
  operatorList: '/operator/v1/care/list',
  operatorThread: '/operator/v1/care/thread',
  operatorReply: '/operator/v1/care/reply',
  operatorClose: '/operator/v1/care/close',
} as const;

export const CareErrno = {
  /** Ours: too many threads waiting for care at once. */
  TOO_MANY_OPEN: 10651,
  /** Ours: the screenshot's upload_id names no upload of his (expired, used or never made). */
  SCREENSHOT_GONE: 10652,
} as const;

export const CareMessages = {
  tooManyOpen: `You have ${CARE_OPEN_MAX} questions waiting for Customer Care. Please wait for an answer, or add to one of them.`,
  screenshotGone: 'The screenshot could not be found. Please attach it again.',
  notFound: 'This conversation could not be found.',
} as const;

export interface CareMessage {
  id: number;
  author: 'member' | 'care';
  body: string;
  /** The screenshot's address ('' when none). */
  screenshot_url: string;
  /** Seconds since the epoch. */
  time: number;
}

export interface CareThreadSummary {
  thread_id: number;
  subject: string;
  category: CareCategory;
  status: CareStatus;
  /** Care's answers he has not read. */
  unread: number;
  /** The last message's first words. */
  last_text: string;
  updated_at: number;
  /** Operator lists: whose thread. */
  member_id?: string;
  member_nickname?: string;
}

export interface CareThread extends CareThreadSummary {
  created_at: number;
  messages: CareMessage[];
}

export interface CareList {
  list: CareThreadSummary[];
  unread: number;
}

export interface CareAnswerNotice {
  thread_id: number;
  unread: number;
}

export interface CareUploadAnswer {
  upload_id: string;
}
