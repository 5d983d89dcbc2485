/** A letter as the calls answer it: its list row, its detail, its media and the schedule request it carries. */
import {
  type LetterGift,
  type LetterMedia,
  MAIL_MEDIA_PATH,
  MAIL_PHOTO_PATH,
  MAIL_SCHEDULE_DISCOUNT_PERCENT,
  type MailDetail,
  type MailItem,
  type MailSchedule,
  MEDIA_LOCK_DAYS,
  MEDIA_STATUS,
} from '../../../protocol/mail/mail';
import type { Db } from '../../storage/contract';
import type { BookingService } from '../bookings';
import { DEPOSIT_BASE_HUNDREDTHS } from '../bookings';
import { creditOf } from '../money';
import { attachedGiftOf } from '../room-gifts';
import { type MailRecord, type MediaRecord, mailRepository } from './mail-repository';

const DAY_MS = 86_400_000;
export const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A letter's photo or video: open when free or bought, else locked until MEDIA_LOCK_DAYS have passed. */
export function letterMedia(m: MediaRecord, sentAt: Date, now: Date): LetterMedia {
  const expired = sentAt.getTime() + MEDIA_LOCK_DAYS * DAY_MS < now.getTime();
  const open = m.isFree || m.bought;
  const status = open ? MEDIA_STATUS.unlocked : expired ? MEDIA_STATUS.expired : MEDIA_STATUS.locked;
  const base = `${MAIL_MEDIA_PATH}/${m.emfId}/${m.resourceId}`;
  return {
    resource_id: m.resourceId,
    type: m.isVideo ? 1 : 2,
    status,
    is_free: m.isFree ? 1 : 0,
    video_url: open && m.isVideo ? `${base}/video` : '',
    origin_img: open && !m.isVideo ? `${base}/origin` : '',
    small_img: `${base}/small`,
    cover_origin_img: open && m.isVideo ? `${base}/origin` : '',
    describe: m.describe,
  };
}

/** A letter's row in the member's lists: a paid letter not yet paid shows no preview. */
export function mailItem(r: MailRecord, mediaNum: number): MailItem {
  const needPay = r.needsPay && !r.paidAt && !r.fromMember;
  return {
    emf_id: r.emfId,
    anchor_id: r.anchorId,
    anchor_nickname: r.anchorNickname,
    anchor_photourl: r.anchorPhotourl,
    direction: r.fromMember ? 'out' : 'in',
    preview: needPay ? '' : r.content.slice(0, 80),
    send_time: seconds(r.sentAt),
    is_read: r.fromMember || r.readAt ? 1 : 0,
    need_pay: needPay ? 1 : 0,
    media_num: mediaNum,
  };
}

/** The schedule request a letter carries, as its reader sees it. */
export async function mailSchedule(
  bookings: BookingService | undefined,
  r: MailRecord,
): Promise<MailSchedule | null> {
  if (!r.bookingId || !bookings) return null;
  const b = await bookings.itemFor(r.bookingId);
  if (!b) return null;
  return {
    invitation_id: b.invitation_id,
    book_time: b.book_time,
    status: b.status,
    deposit: b.deposit,
    original_deposit: creditOf(DEPOSIT_BASE_HUNDREDTHS),
    discount_percent: MAIL_SCHEDULE_DISCOUNT_PERCENT,
  };
}

/** One letter whole for the member: a paid one shows its text and media once paid. */
export async function mailDetail(
  db: Db,
  r: MailRecord,
  memberId: string,
  now: Date,
  bookings: BookingService | undefined,
): Promise<MailDetail> {
  const repo = mailRepository(db);
  const [media, photos] = await Promise.all([repo.media(r.emfId, memberId), repo.photosOf(r.emfId)]);
  const item = mailItem(r, media.length + photos.length);
  return {
    ...item,
    content: item.need_pay ? '' : r.content,
    media: item.need_pay ? [] : media.map((m) => letterMedia(m, r.sentAt, now)),
    photos: photos.map((id) => `${MAIL_PHOTO_PATH}/${id}`),
    schedule: await mailSchedule(bookings, r),
    gift: r.fromMember ? await letterGiftOf(db, r.emfId) : null,
  };
}

/** The virtual gift he sent with a letter, or null. */
export async function letterGiftOf(db: Db, emfId: string): Promise<LetterGift | null> {
  const g = await attachedGiftOf(db, 'letter', emfId);
  return g ? { giftid: g.giftid, name: g.name, small_imgurl: g.imgurl, num: g.num } : null;
}
