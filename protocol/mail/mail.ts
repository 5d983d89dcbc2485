/**
 * Mail (EMF), greeting mail (LOI), post stamps and private photos and videos in letters (spec 002 §2,
 * §3 "Letter media item", "Stamp pack", §4 "Letter media", §5 "Mail", §7, §8 "Mail and attachments",
 * "Buying private media", §9 "Pricing"). Where the spec is silent, the choices are written here:
 * - Reading a broadcaster's mail costs MAIL_PRICE once (the first opening); greeting mail (LOI) is free
 *   to read. Sending a mail costs MAIL_PRICE, plus MAIL_PRICE per attached photo ("1 stamp per paid
 *   attachment add"). Stamps pay when there are enough for the whole action, else credits, else the
 *   purchase prompt (MailErrno.NO_MONEY_*): "Stamps are preferred when enough, else credits".
 * - A mail's credit price is 0.8 credit, the same as the stated reply price ("0.8 credit or 1 stamp").
 * - Private media: photo 0.8 credit or 1 stamp, video 1.6 credits or 2 stamps. A locked item can be
 *   bought for MEDIA_LOCK_DAYS after the letter was sent; after that it is expired (status 2). Bought
 *   items stay unlocked for good.
 * - Letter media status: 0 locked, 1 unlocked (bought or free), 2 expired — the "1 meaning unlocked"
 *   reading, which is what the viewer needs to know either way.
 * - click_type of buyPrivatePhotoVideo, readEmf and sendEmf: 0 the automatic choice, 1 pay with
 *   stamps, 2 pay with credits ("pay the other way"). 17213..17216 answer photos, 17218..17221 videos,
 *   in the spec's order; an explicit choice that falls short while the other way suffices answers
 *   17223..17226 for sending and reading (the prompt offers the other way), else 17208 / 17209.
 * - A scheduled One-on-One request sent by mail (spec 002 §1, §8, §9 "saves up to 30%; a normal mail
 *   charge applies per request"): the booking deposit (the first BOOKING_DEPOSIT_MINUTES of
 *   One-on-One) is MAIL_SCHEDULE_DISCOUNT_PERCENT (30) off, rounded down to the hundredth in the
 *   member's favour (1.50 → 1.05 credits); no gifts or SMS with it. The mail costs what any mail
 *   costs. Mail, deposit and booking are written in one transaction. Start 24 hours to 14 days from
 *   now, on one of her timetable's free hours. She answers it (handleBooking) only after opening the
 *   mail (17232); the booking then lives like any other (decline, cancel, expiry, no-show refund
 *   exactly the deposit paid, once).
 * - Gifts in a letter (ours): sendEmf may carry a catalogue gift (gift_id, gift_num among the room
 *   gifts' quantities) under a room gift's rules (his send_gift_flower, her flower_sent and
 *   priv_mb_h5_show_gift, Intimacy Level 4 for a limited one). His backpack's gifts of that kind pay
 *   first (use_backpack=0: credits only); the rest is one ledger charge ('letter_gift') keyed by the
 *   send's key, in the send's transaction: short of credits, nothing is sent. The gift is hers at
 *   once (a letter cannot be declined): her Gifts card lists it and the letter shows it both ways.
 * - The mail guide: members.guide_mail 1 means the member finished the two-step guide
 *   (setGuideMailDone, ours); getUserConfig reports it, so the guide shows on no device after that.
 *   setGuideMail is sent after the terms overlay and arms the guide (protocol/guides/guides.ts).
 */

export type { MailNotice, PoststampNotice, UnreadNum } from './mail-api';
// The calls' paths and the realtime events: every page's mail badge needs them, so they live apart.
export { MailApi, MailEvent } from './mail-api';

/** Raw-body upload (not form-encoded): POST the image's bytes; answers {photo_id, url, width, height}. */
export const MAIL_UPLOAD_PATH = '/pman/emf/api/uploadPhoto';
/** GET {MAIL_MEDIA_PATH}/{emf_id}/{resource_id}/{origin|small|video}: served only to who may see it. */
export const MAIL_MEDIA_PATH = '/pman/emf/media';
/** GET {MAIL_PHOTO_PATH}/{photo_id}: the member's own uploaded photo (and the recipient's). */
export const MAIL_PHOTO_PATH = '/pman/emf/photo';

export const MediaErrno = {
  VIEW_NO_STAMPS_HAS_CREDITS: 17213,
  VIEW_NO_STAMPS_NO_CREDITS: 17214,
  VIEW_NO_CREDITS_HAS_STAMPS: 17215,
  VIEW_NO_CREDITS_NO_STAMPS: 17216,
  VIEW_EXPIRED: 17217,
  PLAY_NO_STAMPS_HAS_CREDITS: 17218,
  PLAY_NO_STAMPS_NO_CREDITS: 17219,
  PLAY_NO_CREDITS_HAS_STAMPS: 17220,
  PLAY_NO_CREDITS_NO_STAMPS: 17221,
  PLAY_EXPIRED: 17222,
} as const;

/** Ours (the spec gives texts, no codes): 17201..17212, below the media codes. */
export const MailErrno = {
  NO_ANCHOR: 17201,
  BLANK: 17202,
  ANCHOR_UNAVAILABLE: 17203,
  BAD_FORMAT: 17204,
  TOO_LARGE: 17205,
  BAD_DIMENSIONS: 17206,
  DUPLICATE_PHOTO: 17207,
  /**
   * Not enough stamps or credits to send (the prompt offers stamps and credits). Mail's only: the
   * schedule pop-ups open add-credits for it as for the call service's 17302 (protocol/call-service).
   */
  NO_MONEY_SEND: 17208,
  /** Not enough stamps or credits to read a mail or a response. */
  NO_MONEY_READ: 17209,
  TOO_MANY_PHOTOS: 17210,
  /** Ours: a stamp pack needs more credits than the member has. */
  NO_CREDITS_STAMPS: 17211,
  // Ours (the spec names the prompts, not their codes): 17223.. above the media codes.
  /** Sending, paying with stamps chosen: too few stamps, credits would do (offers credits). */
  SEND_NO_STAMPS_HAS_CREDITS: 17223,
  /** Sending, paying with credits chosen: too few credits, stamps would do (offers stamps). */
  SEND_NO_CREDITS_HAS_STAMPS: 17224,
  /** Reading a mail or a response, the same two cases. */
  READ_NO_STAMPS_HAS_CREDITS: 17225,
  READ_NO_CREDITS_HAS_STAMPS: 17226,
  /** Schedule time window error: not 24 hours to 14 days from now. */
  SCHEDULE_WINDOW: 17227,
  /** Insufficient credits for a schedule request (the deposit, after the mail is paid). */
  SCHEDULE_NO_CREDIT: 17228,
  /** The request's time has passed (or it expired unanswered). */
  SCHEDULE_EXPIRED: 17229,
  SCHEDULE_ACCEPTED: 17230,
  SCHEDULE_DECLINED: 17231,
  /** The broadcaster answers a request sent by mail before opening that mail. */
  SCHEDULE_READ_FIRST: 17232,
} as const;

export const MailMessages = {
  noAnchor: 'Please choose the broadcaster',
  blank: 'the content can not be blank',
  anchorUnavailable: 'This broadcaster is not available for receiving mail',
  badFormat: 'Upload failed – unaccepted file format',
  tooLarge: 'file size must less than 5M',
  badDimensions: 'image size 120-3600px',
  duplicatePhoto: 'already attached this photo',
  cannotSend: "You can't send this mail at the moment. Please try again later",
  trouble: 'Trouble connecting to the server. Please try again later',
  network: 'Network exception, please check the network connection!',
  noMoneySend: 'You do not have enough post stamps or credits to send this mail.',
  noMoneyRead: 'You do not have enough post stamps or credits to read this mail.',
  tooManyPhotos: 'You can attach at most {max} photos to one mail.',
  noCreditsStamps: 'You do not have enough credits to buy this post stamp pack.',
  photoExpired: 'This photo has expired.',
  videoExpired: 'This video has expired.',
  sendNoStampsHasCredits: 'You do not have enough post stamps to send this mail. Pay with credits instead?',
  sendNoCreditsHasStamps: 'You do not have enough credits to send this mail. Pay with post stamps instead?',
  readNoStampsHasCredits: 'You do not have enough post stamps to read this mail. Pay with credits instead?',
  readNoCreditsHasStamps: 'You do not have enough credits to read this mail. Pay with post stamps instead?',
  addPhotosShort: 'You do not have enough post stamps or credits to add photos to this mail.',
  addPhotosNoStampsHasCredits:
    'You do not have enough post stamps to add this photo. Pay for the mail with credits instead?',
  addPhotosNoCreditsHasStamps:
    'You do not have enough credits to add this photo. Pay for the mail with post stamps instead?',
  scheduleWindow: 'Start time must be 24 hours to 14 days from now.',
  scheduleNoCredit: 'You do not have enough credits for this schedule request.',
  scheduleExpired: 'This schedule request has expired.',
  scheduleAccepted: 'This schedule request has already been accepted.',
  scheduleDeclined: 'This schedule request has already been declined.',
  /** Spec 002 §8, verbatim. */
  scheduleReadFirst: 'request sent by mail must be read first',
  cancelScheduleConfirm:
    'Cancel this scheduled One-on-One? The reservation fee of {fee} credits will be refunded to you.',
} as const;

/** The purchase prompt for each media code (the client's dialog; the server sends the same text). */
export const MediaMessages: Record<number, string> = {
  17213: 'You have no post stamps left. View this photo for 0.8 credit instead?',
  17214: 'You have no post stamps or credits left. Buy post stamps or add credits to view this photo.',
  17215: 'You do not have enough credits. View this photo with 1 post stamp instead?',
  17216: 'You have no credits or post stamps left. Add credits or buy post stamps to view this photo.',
  17217: MailMessages.photoExpired,
  17218: 'You do not have enough post stamps. Watch this video for 1.6 credits instead?',
  17219: 'You do not have enough post stamps or credits. Buy post stamps or add credits to watch this video.',
  17220: 'You do not have enough credits. Watch this video with 2 post stamps instead?',
  17221: 'You do not have enough credits or post stamps. Add credits or buy post stamps to watch this video.',
  17222: MailMessages.videoExpired,
};

/** Prices: stamps, and credits in hundredths (spec 002 §9). */
export const MAIL_PRICE = { stamps: 1, credits: 80 } as const;
export const PHOTO_PRICE = { stamps: 1, credits: 80 } as const;
export const VIDEO_PRICE = { stamps: 2, credits: 160 } as const;

/** Attachment limits (spec 002 §5): under 5 MB, larger than 120 px and less than 3600 px. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MIN_PX = 120;
export const PHOTO_MAX_PX = 3600;
/** Ours: accepted formats, checked by content. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
/** Ours: at most this many photos in one mail. */
export const MAIL_MAX_PHOTOS = 5;
/** Ours: a mail's text is at most this long. */
export const MAIL_MAX_LENGTH = 5000;
/** Leave-message popup in a letter (spec 002 §5, §9). */
export const LEAVE_MESSAGE_MAX = 600;
/** Ours: a locked private item can be bought this many days after the letter was sent. */
export const MEDIA_LOCK_DAYS = 30;
export const MAIL_PAGE_SIZE = 20;

export const MEDIA_STATUS = { locked: 0, unlocked: 1, expired: 2 } as const;
/** A scheduled One-on-One request sent by mail: this much off the booking deposit (spec: up to 30%). */
export const MAIL_SCHEDULE_DISCOUNT_PERCENT = 30;
/** The deposit (hundredths) of a request sent by mail, rounded down to the hundredth. */
export const mailScheduleDeposit = (baseHundredths: number) =>
  Math.floor((baseHundredths * (100 - MAIL_SCHEDULE_DISCOUNT_PERCENT)) / 100);
export const CLICK_TYPE = { auto: 0, stamps: 1, credits: 2 } as const;

/** Stamp packs (ours; the spec gives the fields and "stamps save up to 50% on mails"). */
export const STAMP_PACKS = [
  { item_code: 'PS10', stamps: 10, price: 640, original: 800, save_desc: 'Save 20%' },
  { item_code: 'PS25', stamps: 25, price: 1400, original: 2000, save_desc: 'Save 30%' },
  { item_code: 'PS50', stamps: 50, price: 2000, original: 4000, save_desc: 'Save 50%' },
] as const;

export interface StampPack {
  item_code: string;
  item_name: string;
  /** Credits with 2 decimals. */
  discount_price: number;
  original_price: number;
  save_desc: string;
  stamps: number;
}

export interface LetterMedia {
  resource_id: string;
  /** 1 video, 2 photo. */
  type: 1 | 2;
  status: 0 | 1 | 2;
  is_free: 0 | 1;
  /** Empty unless unlocked. */
  video_url: string;
  origin_img: string;
  /** Always present: a blurred preview for locked items. */
  small_img: string;
  cover_origin_img: string;
  describe: string;
}

export interface MailItem {
  emf_id: string;
  anchor_id: string;
  anchor_nickname: string;
  anchor_photourl: string;
  /** 'in' from the broadcaster, 'out' from the member. */
  direction: 'in' | 'out';
  /** The first words; empty while a paid mail is unread. */
  preview: string;
  send_time: number;
  is_read: 0 | 1;
  /** 1 when opening it costs MAIL_PRICE (not yet paid). */
  need_pay: 0 | 1;
  media_num: number;
}

/** A scheduled One-on-One request sent with a mail, as the letter shows it. */
export interface MailSchedule {
  /** The booking's id (BK…): handleBooking, cancelPrivateRequest and /schedule/detail take it. */
  invitation_id: string;
  book_time: number;
  status: 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired' | 'noshow' | 'completed';
  /** Credits charged (after the discount). */
  deposit: number;
  /** Credits the same booking costs without mail. */
  original_deposit: number;
  discount_percent: number;
}

export interface MailDetail extends MailItem {
  content: string;
  media: LetterMedia[];
  /** The member's photos in a mail he sent. */
  photos: string[];
  /** The schedule request sent with this mail, or null. */
  schedule: MailSchedule | null;
  /** Ours: the virtual gift he sent with it, or null. */
  gift: LetterGift | null;
}

/** Ours: a virtual gift sent with a letter (it is hers from the send: her Gifts card lists it). */
export interface LetterGift {
  giftid: string;
  name: string;
  small_imgurl: string;
  num: number;
}

export interface MailList {
  list: MailItem[];
  total: number;
  unread: number;
}

export interface BuyMediaAnswer {
  media: LetterMedia;
  credit: number;
  poststamp: number;
  /** 'stamps' or 'credits'. */
  paid_with: 'stamps' | 'credits' | 'none';
}

export interface ReadAnswer {
  mail: MailDetail;
  credit: number;
  poststamp: number;
  paid_with: 'stamps' | 'credits' | 'none';
}

export interface StampHistory {
  id: number;
  delta: number;
  balance_after: number;
  reason: string;
  ref: string;
  time: number;
}

export interface UploadAnswer {
  photo_id: string;
  url: string;
  width: number;
  height: number;
}

/**
 * Videos a broadcaster attaches (mail files). Ours: checked by content — a WebM/Matroska
 * (EBML) or MP4 (ftyp, then a movie box) container, never by name — and under VIDEO_MAX_BYTES:
 * room for a short phone clip in a letter, small enough to keep whole in memory while it is copied.
 * A too big or unaccepted file answers MailErrno.TOO_LARGE / BAD_FORMAT with these texts.
 */
export const VIDEO_MAX_BYTES = 20 * 1024 * 1024;
export const VIDEO_TYPES = ['video/webm', 'video/mp4'] as const;
export const VideoMessages = {
  tooLarge: 'video size must less than 20M',
  badFormat: 'Upload failed – unaccepted file format (WebM or MP4 video)',
} as const;
/** Broadcasters: raw-body upload of a video's bytes; answers {video_id, mime, bytes}. */
export const MAIL_VIDEO_UPLOAD_PATH = '/lady/v1/uploadMailVideo';

export interface VideoUploadAnswer {
  /** Named in ladySendMail's media as "video-private:<video_id>" or "video-free:<video_id>". */
  video_id: string;
  mime: (typeof VIDEO_TYPES)[number];
  bytes: number;
}

/**
 * Photos a broadcaster attaches to mail: her own picture, checked by content with exactly the
 * members' rules and texts (MailErrno.BAD_FORMAT / TOO_LARGE / BAD_DIMENSIONS: JPEG, PNG or GIF,
 * under PHOTO_MAX_BYTES, PHOTO_MIN_PX–PHOTO_MAX_PX each way). The same route helper and store as
 * her videos: kept until she sends it, then copied into the letter like a video. The same picture
 * twice in one letter answers MailErrno.DUPLICATE_PHOTO ('already attached this photo').
 * Raw-body upload of the image's bytes; answers {photo_id, mime, bytes, width, height}.
 */
export const MAIL_LADY_PHOTO_UPLOAD_PATH = '/lady/v1/uploadMailPhoto';

export interface LadyPhotoUploadAnswer {
  /** Named in ladySendMail's media as "photo-private:<photo_id>" or "photo-free:<photo_id>". */
  photo_id: string;
  mime: (typeof PHOTO_TYPES)[number];
  bytes: number;
  width: number;
  height: number;
}
