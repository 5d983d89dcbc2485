/**
 * Mail's call paths, realtime events and notices (spec 002 §7; the rest of mail in ./mail.ts, which
 * re-exports these). Apart from mail.ts because every page's menu badge and reminders need them.
 */
export const MailApi = {
  getEmfUnreadNum: '/pman/emf/api/getEmfUnreadNum',
  getLoiUnreadNum: '/pman/loi/api/getLoiUnreadNum',
  buyPrivatePhotoVideo: '/pman/emf/api/buyPrivatePhotoVideo',
  getPostStampsPriceList: '/share/LiveProject/getPostStampsPriceList',
  /** Ours: the inbox (mail from broadcasters), newest first. */
  getInboxList: '/pman/emf/api/getInboxList',
  /** Ours: the outbox (mail the member sent). */
  getOutboxList: '/pman/emf/api/getOutboxList',
  /** Ours: one mail; a paid one shows its text only once read (readEmf). */
  getEmfDetail: '/pman/emf/api/getEmfDetail',
  /** Ours: pays for and opens a paid mail (stamps first, click_type as for media). */
  readEmf: '/pman/emf/api/readEmf',
  /** Ours: sends a mail {anchor_id, content, photo_ids (comma-joined), key}. */
  sendEmf: '/pman/emf/api/sendEmf',
  /** Ours: whether a broadcaster can receive mail, with her name and the price. */
  checkEmfAnchor: '/pman/emf/api/checkEmfAnchor',
  /** Ours: greeting mail list and one greeting mail (free; opening marks it read). */
  getLoiList: '/pman/loi/api/getLoiList',
  getLoiDetail: '/pman/loi/api/getLoiDetail',
  /** Ours: buys a stamp pack with credits {item_code, key}. */
  buyPostStamps: '/share/LiveProject/buyPostStamps',
  /** Ours: the member's stamp moves, newest first. */
  getStampHistories: '/share/LiveProject/getStampHistories',
  /** Ours, broadcasters: members she may write to, her sent mail, sending. */
  ladySendMail: '/lady/v1/sendMail',
  ladyMailList: '/lady/v1/getMailList',
  /** Ours, broadcasters: opens a member's mail to her (marks it read; a schedule request in it can
   * then be answered). */
  ladyReadMail: '/lady/v1/readMail',
  /** Spec 002 §7: the member finished the mail guide (no body); answers the user config. */
  setGuideMail: '/share/v1/setGuideMail',
  /** Ours: the mail guide's own "finished" mark. */
  setGuideMailDone: '/share/v1/setGuideMailDone',
} as const;

/** Realtime events (spec 002 §7). */
export const MailEvent = {
  emfNotice: 'imLady/sendEmfNotice',
  loiNotice: 'imLady/sendLoiNotice',
  /** Ours: the member's post stamp balance changed ("credit and poststamp" notices). */
  poststamp: 'imShare/poststampNotice',
  /** Ours, to broadcasters: a member sent her a mail. */
  ladyEmfNotice: 'imMan/sendEmfNotice',
} as const;

export interface UnreadNum {
  num: number;
}

export interface MailNotice {
  emf_id: string;
  anchor_id: string;
  anchor_nickname: string;
  /** The member's unread count of that kind after this mail. */
  num: number;
}

export interface PoststampNotice {
  poststamp: number;
}
