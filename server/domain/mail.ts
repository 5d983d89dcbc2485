/**
 * Mail, greeting mail, post stamps and private media in letters (protocol/mail.ts has the rules).
 * Every paid action runs in one transaction with the member row locked: the stamp or credit move
 * (each keyed, so a double click pays once) and the row that records it (paid_at, the purchase, the
 * sent mail) land together or not at all. After a move the member's tabs hear the new balance.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SCHEDULE_REQUEST_MAX_S, SCHEDULE_REQUEST_MIN_S } from '../../protocol/booking';
import { Errno, Messages } from '../../protocol/errors';
import {
  type BuyMediaAnswer,
  CLICK_TYPE,
  type LadyPhotoUploadAnswer,
  type LetterMedia,
  MAIL_MAX_LENGTH,
  MAIL_MAX_PHOTOS,
  MAIL_MEDIA_PATH,
  MAIL_PHOTO_PATH,
  MAIL_PRICE,
  MAIL_SCHEDULE_DISCOUNT_PERCENT,
  type MailDetail,
  MailErrno,
  MailEvent,
  type MailItem,
  type MailList,
  MailMessages,
  type MailNotice,
  type MailSchedule,
  MEDIA_LOCK_DAYS,
  MEDIA_STATUS,
  MediaErrno,
  MediaMessages,
  mailScheduleDeposit,
  PHOTO_PRICE,
  type PoststampNotice,
  type ReadAnswer,
  STAMP_PACKS,
  type StampHistory,
  type StampPack,
  type UnreadNum,
  type UploadAnswer,
  VIDEO_PRICE,
  type VideoUploadAnswer,
} from '../../protocol/mail';
import { type FileStore, LocalFileStore, readAll } from '../files';
import type { Notifier } from '../realtime/deliver';
import type { Db } from '../storage/contract';
import type { BookingView } from '../storage/repositories/bookings';
import { ledgerRepository } from '../storage/repositories/ledger';
import {
  type MailBox,
  type MailRecord,
  type MediaRecord,
  mailRepository,
  resourceIdAt,
} from '../storage/repositories/mail';
import {
  BOOKING_ID_PREFIX,
  type BookingService,
  DEPOSIT_BASE_HUNDREDTHS,
  type MailRequestPlan,
} from './bookings';
import { creditOf, notifyCredit } from './credit';
import { ApiError, forbidden, invalidParams, notFound } from './errors';
import { sniffImage } from './mail-images';
import { PHOTO, receive, VIDEO } from './mail-uploads';

const DAY_MS = 86_400_000;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const newId = (prefix: string) => `${prefix}${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;

type Price = { readonly stamps: number; readonly credits: number };
type Shortfall = 'noStampsHasCredits' | 'noStampsNoCredits' | 'noCreditsHasStamps' | 'noCreditsNoStamps';
type Choice = { pay: 'stamps' | 'credits' } | { short: Shortfall };

/** Stamps when chosen or when enough (automatic), else credits; else which prompt to show. */
export function choosePayment(
  balances: { credit: number; poststamp: number },
  price: Price,
  clickType: number,
): Choice {
  const stamps = balances.poststamp >= price.stamps;
  const credits = balances.credit >= price.credits;
  if (clickType === CLICK_TYPE.stamps) {
    return stamps ? { pay: 'stamps' } : { short: credits ? 'noStampsHasCredits' : 'noStampsNoCredits' };
  }
  if (clickType === CLICK_TYPE.credits) {
    return credits ? { pay: 'credits' } : { short: stamps ? 'noCreditsHasStamps' : 'noCreditsNoStamps' };
  }
  if (stamps) return { pay: 'stamps' };
  if (credits) return { pay: 'credits' };
  return { short: 'noStampsNoCredits' };
}

/** Sending or reading a mail: the other way offered when it suffices, else buy stamps / add credits. */
const SEND_SHORT: Record<Shortfall, [number, string]> = {
  noStampsHasCredits: [MailErrno.SEND_NO_STAMPS_HAS_CREDITS, MailMessages.sendNoStampsHasCredits],
  noCreditsHasStamps: [MailErrno.SEND_NO_CREDITS_HAS_STAMPS, MailMessages.sendNoCreditsHasStamps],
  noStampsNoCredits: [MailErrno.NO_MONEY_SEND, MailMessages.noMoneySend],
  noCreditsNoStamps: [MailErrno.NO_MONEY_SEND, MailMessages.noMoneySend],
};
const READ_SHORT: Record<Shortfall, [number, string]> = {
  noStampsHasCredits: [MailErrno.READ_NO_STAMPS_HAS_CREDITS, MailMessages.readNoStampsHasCredits],
  noCreditsHasStamps: [MailErrno.READ_NO_CREDITS_HAS_STAMPS, MailMessages.readNoCreditsHasStamps],
  noStampsNoCredits: [MailErrno.NO_MONEY_READ, MailMessages.noMoneyRead],
  noCreditsNoStamps: [MailErrno.NO_MONEY_READ, MailMessages.noMoneyRead],
};
const shortError = ([errno, text]: [number, string]) => new ApiError(errno, text);
const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';
const scheduleWindowError = () => new ApiError(MailErrno.SCHEDULE_WINDOW, MailMessages.scheduleWindow);
/** Thrown inside the send transaction when the deposit is short, to roll the mail back too. */
class ScheduleShort extends Error {}

const SHORT_CODES: Record<'photo' | 'video', Record<Shortfall, number>> = {
  photo: {
    noStampsHasCredits: MediaErrno.VIEW_NO_STAMPS_HAS_CREDITS,
    noStampsNoCredits: MediaErrno.VIEW_NO_STAMPS_NO_CREDITS,
    noCreditsHasStamps: MediaErrno.VIEW_NO_CREDITS_HAS_STAMPS,
    noCreditsNoStamps: MediaErrno.VIEW_NO_CREDITS_NO_STAMPS,
  },
  video: {
    noStampsHasCredits: MediaErrno.PLAY_NO_STAMPS_HAS_CREDITS,
    noStampsNoCredits: MediaErrno.PLAY_NO_STAMPS_NO_CREDITS,
    noCreditsHasStamps: MediaErrno.PLAY_NO_CREDITS_HAS_STAMPS,
    noCreditsNoStamps: MediaErrno.PLAY_NO_CREDITS_NO_STAMPS,
  },
};

export interface MailDeps {
  db: Db;
  notifier: Notifier;
  dataDir: string;
  /** Where uploads live (server/files); the data folder when not given. */
  files?: FileStore;
  now?: () => Date;
  /** Issue 7's schedule requests by mail reuse the booking service (its checks and lifecycle). */
  bookings?: BookingService;
}

/**
 * File store keys: a member's photo, a broadcaster's photo or video before it is sent, a letter's
 * uploaded photo or video.
 */
const photoKey = (photoId: string) => `mail-photos/${photoId}`;
const uploadKey = (anchorId: string, uploadId: string) => `mail-uploads/${anchorId}/${uploadId}`;
const mediaKey = (emfId: string, resourceId: string) => `mail-media/${emfId}/${resourceId}`;
const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export class MailService {
  private readonly repo: ReturnType<typeof mailRepository>;
  private readonly now: () => Date;
  readonly files: FileStore;

  constructor(private readonly deps: MailDeps) {
    this.repo = mailRepository(deps.db);
    this.files = deps.files ?? new LocalFileStore(deps.dataDir);
    this.now = deps.now ?? (() => new Date());
    deps.bookings?.setAnswerGuard((b, now) => this.guardAnswer(b, now));
  }

  // ---- Schedule requests sent by mail.

  /** The schedule request a letter carries, as its reader sees it. */
  private async scheduleOf(r: MailRecord): Promise<MailSchedule | null> {
    if (!r.bookingId || !this.deps.bookings) return null;
    const b = await this.deps.bookings.itemFor(r.bookingId);
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

  /**
   * Before the broadcaster answers a request sent by mail (handleBooking): its state in the spec's
   * words (expired, already accepted, already declined), then 'request sent by mail must be read
   * first' while she has not opened the mail. Other bookings pass untouched.
   */
  private async guardAnswer(b: BookingView, now: number): Promise<void> {
    if (b.kind !== 'request') return;
    const mail = await this.repo.byBooking(b.bookingId);
    if (!mail) return;
    if (b.status === 'accepted')
      throw new ApiError(MailErrno.SCHEDULE_ACCEPTED, MailMessages.scheduleAccepted);
    if (b.status === 'declined')
      throw new ApiError(MailErrno.SCHEDULE_DECLINED, MailMessages.scheduleDeclined);
    if (b.status === 'expired' || (b.status === 'pending' && b.bookTime.getTime() <= now))
      throw new ApiError(MailErrno.SCHEDULE_EXPIRED, MailMessages.scheduleExpired);
    if (b.status !== 'pending') throw new ApiError(Errno.REQUEST_CLOSED, Messages.requestClosed);
    if (!mail.readAt) throw new ApiError(MailErrno.SCHEDULE_READ_FIRST, MailMessages.scheduleReadFirst);
  }

  // ---- Views.

  private mediaOf(m: MediaRecord, sentAt: Date): LetterMedia {
    const expired = sentAt.getTime() + MEDIA_LOCK_DAYS * DAY_MS < this.now().getTime();
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

  private itemOf(r: MailRecord, mediaNum: number): MailItem {
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

  private async detailOf(db: Db, r: MailRecord, memberId: string): Promise<MailDetail> {
    const repo = mailRepository(db);
    const [media, photos] = await Promise.all([repo.media(r.emfId, memberId), repo.photosOf(r.emfId)]);
    const item = this.itemOf(r, media.length + photos.length);
    return {
      ...item,
      content: item.need_pay ? '' : r.content,
      // A paid mail's media show once it is read.
      media: item.need_pay ? [] : media.map((m) => this.mediaOf(m, r.sentAt)),
      photos: photos.map((id) => `${MAIL_PHOTO_PATH}/${id}`),
      schedule: await this.scheduleOf(r),
    };
  }

  private async ownMail(memberId: string, emfId: string, db: Db = this.deps.db, lock = false) {
    const mail = await mailRepository(db).get(emfId, lock);
    if (!mail || mail.memberId !== memberId) throw notFound();
    return mail;
  }

  async list(memberId: string, box: MailBox, start: number, step: number): Promise<MailList> {
    const page = await this.repo.list(memberId, box, start, step);
    const counts = await this.repo.mediaCounts(page.list.map((r) => r.emfId));
    return {
      list: page.list.map((r) => this.itemOf(r, counts.get(r.emfId) ?? 0)),
      total: page.total,
      unread: page.unread,
    };
  }

  async unread(memberId: string, kind: 'emf' | 'loi'): Promise<UnreadNum> {
    return { num: await this.repo.unread(memberId, kind) };
  }

  /** One letter. A free one (greeting mail, the member's own) is marked read on opening. */
  async detail(memberId: string, emfId: string, kind: 'emf' | 'loi'): Promise<MailDetail> {
    const mail = await this.ownMail(memberId, emfId);
    if (mail.kind !== kind) throw notFound();
    const free = !mail.needsPay || mail.fromMember;
    if (free && !mail.readAt && !mail.fromMember) {
      await this.repo.markRead(emfId);
      mail.readAt = this.now();
    }
    return this.detailOf(this.deps.db, mail, memberId);
  }

  // ---- Paying.

  /** Pays `price` for one action with the member locked; throws `shortCode` when he cannot. */
  private async pay(
    tx: Db,
    memberId: string,
    price: Price,
    clickType: number,
    what: { reason: string; ref: string; key: string; payee: string },
    short: (s: Shortfall) => ApiError,
    /** Credits (hundredths) kept aside for something else paid in the same transaction. */
    reserveCredits = 0,
  ): Promise<'stamps' | 'credits'> {
    const balances = await mailRepository(tx).lockBalances(memberId);
    const choice = choosePayment(
      { credit: balances.credit - reserveCredits, poststamp: balances.poststamp },
      price,
      clickType,
    );
    if ('short' in choice) throw short(choice.short);
    if (choice.pay === 'stamps') {
      const moved = await mailRepository(tx).moveStamps({ userId: memberId, delta: -price.stamps, ...what });
      if (moved.status === 'insufficient') throw short('noStampsNoCredits');
    } else {
      const moved = await ledgerRepository(tx).move({ userId: memberId, delta: -price.credits, ...what });
      if (moved.status === 'insufficient') throw short('noCreditsNoStamps');
    }
    return choice.pay;
  }

  private async balances(memberId: string) {
    return mailRepository(this.deps.db).lockBalances(memberId);
  }

  /** Tells the member's tabs the balance that moved. */
  private async announce(memberId: string, paid: 'stamps' | 'credits' | 'none', creditsToo = false) {
    const b = await this.balances(memberId);
    if (paid === 'credits' || creditsToo) await notifyCredit(this.deps.notifier, memberId, b.credit);
    if (paid === 'stamps') {
      await this.deps.notifier.deliver(memberId, MailEvent.poststamp, {
        poststamp: b.poststamp,
      } satisfies PoststampNotice);
    }
    return { credit: creditOf(b.credit), poststamp: b.poststamp };
  }

  /** Opens a paid mail: 1 stamp or 0.8 credit, once (a second call finds it paid and charges nothing). */
  async read(memberId: string, emfId: string, clickType: number): Promise<ReadAnswer> {
    const result = await this.deps.db.transaction(async (tx) => {
      const mail = await this.ownMail(memberId, emfId, tx, true);
      if (mail.kind !== 'emf') throw notFound();
      let paid: 'stamps' | 'credits' | 'none' = 'none';
      if (mail.needsPay && !mail.paidAt && !mail.fromMember) {
        paid = await this.pay(
          tx,
          memberId,
          MAIL_PRICE,
          clickType,
          { reason: 'mail_read', ref: emfId, key: `mail-read:${emfId}`, payee: mail.anchorId },
          (s) => shortError(READ_SHORT[s]),
        );
        await mailRepository(tx).markPaid(emfId);
        mail.paidAt = this.now();
      } else if (!mail.fromMember) {
        await mailRepository(tx).markRead(emfId);
      }
      mail.readAt ??= this.now();
      return { mail: await this.detailOf(tx, mail, memberId), paid };
    });
    const money = await this.announce(memberId, result.paid);
    return { mail: result.mail, paid_with: result.paid, ...money };
  }

  /** buyPrivatePhotoVideo: 17213..17222, or the unlocked item (bought once, whatever the clicks). */
  async buyMedia(
    memberId: string,
    emfId: string,
    resourceId: string,
    clickType: number,
  ): Promise<BuyMediaAnswer> {
    const result = await this.deps.db.transaction(async (tx) => {
      const repo = mailRepository(tx);
      const mail = await this.ownMail(memberId, emfId, tx, true);
      if (mail.needsPay && !mail.paidAt)
        throw new ApiError(MailErrno.NO_MONEY_READ, MailMessages.noMoneyRead);
      const item = (await repo.media(emfId, memberId)).find((m) => m.resourceId === resourceId);
      if (!item) throw notFound();
      const kind = item.isVideo ? 'video' : 'photo';
      const view = this.mediaOf(item, mail.sentAt);
      if (view.status === MEDIA_STATUS.unlocked) return { media: view, paid: 'none' as const };
      if (view.status === MEDIA_STATUS.expired) {
        const code = item.isVideo ? MediaErrno.PLAY_EXPIRED : MediaErrno.VIEW_EXPIRED;
        throw new ApiError(code, MediaMessages[code] ?? '');
      }
      const paid = await this.pay(
        tx,
        memberId,
        item.isVideo ? VIDEO_PRICE : PHOTO_PRICE,
        clickType,
        {
          reason: `mail_${kind}`,
          ref: `${emfId}/${resourceId}`,
          key: `mail-media:${emfId}:${resourceId}:${memberId}`,
          payee: mail.anchorId,
        },
        (s) => {
          const code = SHORT_CODES[kind][s];
          return new ApiError(code, MediaMessages[code] ?? '');
        },
      );
      await repo.insertBought(emfId, resourceId, memberId, paid);
      return { media: this.mediaOf({ ...item, bought: true }, mail.sentAt), paid };
    });
    const money = await this.announce(memberId, result.paid);
    return { media: result.media, paid_with: result.paid, ...money };
  }

  // ---- Sending.

  async checkAnchor(anchorId: string) {
    if (!anchorId) throw new ApiError(MailErrno.NO_ANCHOR, MailMessages.noAnchor);
    const target = await this.repo.anchorTarget(anchorId);
    // An id that names no broadcaster is 10007 like everywhere; a suspended one gets the spec's text.
    if (!target) throw notFound();
    if (!target.active) throw new ApiError(MailErrno.ANCHOR_UNAVAILABLE, MailMessages.anchorUnavailable);
    return {
      anchor_id: target.userid,
      nickname: target.nickname,
      photourl: target.photourl,
      price_stamps: MAIL_PRICE.stamps,
      price_credits: creditOf(MAIL_PRICE.credits),
    };
  }

  /**
   * Sends a member's mail: 1 stamp (or 0.8 credit) for the mail plus the same per photo, paid whole
   * with stamps when there are enough, else with credits (or the way click_type names). The key makes
   * a double click send once. With a schedule request the discounted deposit is charged in credits
   * and the booking recorded in the same transaction; she is told after it commits.
   */
  async send(
    memberId: string,
    input: {
      anchorId: string;
      content: string;
      photoIds: string[];
      key: string;
      clickType?: number;
      schedule?: { bookTime: number; timeId?: string };
    },
  ): Promise<{ emf_id: string; credit: number; poststamp: number; invitation_id?: string }> {
    const target = await this.checkAnchor(input.anchorId);
    const content = input.content.trim();
    if (!content) throw new ApiError(MailErrno.BLANK, MailMessages.blank);
    if (content.length > MAIL_MAX_LENGTH) throw invalidParams('content');
    if (input.photoIds.length > MAIL_MAX_PHOTOS) {
      throw new ApiError(
        MailErrno.TOO_MANY_PHOTOS,
        MailMessages.tooManyPhotos.replace('{max}', String(MAIL_MAX_PHOTOS)),
      );
    }
    const photos = await this.repo.photos(input.photoIds);
    const seen = new Set<string>();
    for (const id of input.photoIds) {
      const photo = photos.find((p) => p.photoId === id);
      if (!photo || photo.memberId !== memberId) throw notFound();
      if (seen.has(photo.sha256)) throw new ApiError(MailErrno.DUPLICATE_PHOTO, MailMessages.duplicatePhoto);
      seen.add(photo.sha256);
    }
    const sendKey = `mail-send:${memberId}:${input.key}`;
    const units = 1 + input.photoIds.length;
    const bookings = this.deps.bookings;
    let plan: MailRequestPlan | undefined;
    // A repeat of a send that went through answers it again, whatever the time is now.
    if (input.schedule && !(await this.repo.bySendKey(sendKey))) {
      if (!bookings) throw new ApiError(Errno.BOOKING_UNAVAILABLE, Messages.bookingUnavailable);
      try {
        plan = await bookings.checkMailRequest(
          memberId,
          { anchorId: target.anchor_id, bookTime: input.schedule.bookTime, timeId: input.schedule.timeId },
          { minS: SCHEDULE_REQUEST_MIN_S, maxS: SCHEDULE_REQUEST_MAX_S, error: scheduleWindowError },
        );
      } catch (error) {
        // A double click: the first send may have booked this very time since we looked; the
        // transaction below then answers that send again.
        if (!(await this.repo.bySendKey(sendKey))) throw error;
      }
    }
    const deposit = plan ? mailScheduleDeposit(DEPOSIT_BASE_HUNDREDTHS) : 0;
    let result: { emfId: string; paid: 'stamps' | 'credits' | 'none'; bookingId: string | null };
    try {
      result = await this.deps.db.transaction(async (tx) => {
        const repo = mailRepository(tx);
        const balances = await repo.lockBalances(memberId);
        const earlier = await repo.bySendKey(sendKey);
        if (earlier) {
          const mail = await repo.get(earlier);
          return { emfId: earlier, paid: 'none' as const, bookingId: mail?.bookingId ?? null };
        }
        if (photos.some((p) => p.emfId))
          throw new ApiError(MailErrno.DUPLICATE_PHOTO, MailMessages.duplicatePhoto);
        // The deposit is paid in credits only: short of it, nothing else is worth asking.
        if (balances.credit < deposit) throw new ScheduleShort();
        const emfId = newId('EMF');
        const paid = await this.pay(
          tx,
          memberId,
          { stamps: MAIL_PRICE.stamps * units, credits: MAIL_PRICE.credits * units },
          input.clickType ?? CLICK_TYPE.auto,
          { reason: 'mail_send', ref: emfId, key: sendKey, payee: target.anchor_id },
          (s) => shortError(SEND_SHORT[s]),
          deposit,
        );
        let bookingId: string | null = null;
        if (plan && bookings) {
          bookingId = newId(BOOKING_ID_PREFIX);
          const charged = await bookings.insertMailRequest(tx, plan, bookingId, deposit);
          if (charged.status === 'short') throw new ScheduleShort();
        }
        await repo.insertMail({
          emfId,
          kind: 'emf',
          memberId,
          anchorId: target.anchor_id,
          fromMember: true,
          content,
          needsPay: false,
          sendKey,
          bookingId,
        });
        for (const [i, id] of input.photoIds.entries()) await repo.attachPhoto(id, emfId, i);
        return { emfId, paid, bookingId };
      });
    } catch (error) {
      if (error instanceof ScheduleShort)
        throw new ApiError(MailErrno.SCHEDULE_NO_CREDIT, MailMessages.scheduleNoCredit);
      // Another booking took the slot meanwhile: the mail was not sent either; say why.
      if (plan && bookings && isUniqueViolation(error)) throw await bookings.mailRequestConflict(plan);
      throw error;
    }
    const money = await this.announce(memberId, result.paid, deposit > 0);
    await this.deps.notifier.deliver(target.anchor_id, MailEvent.ladyEmfNotice, {
      emf_id: result.emfId,
      man_id: memberId,
    });
    if (plan && result.bookingId && bookings) await bookings.announceRequest(result.bookingId);
    return {
      emf_id: result.emfId,
      ...money,
      ...(result.bookingId ? { invitation_id: result.bookingId } : {}),
    };
  }

  /** A broadcaster opens a member's mail to her: marks it read (a schedule request in it can then be
   * answered) and answers the row as her list shows it. */
  async ladyRead(anchorId: string, emfId: string) {
    const mail = await this.repo.get(emfId);
    if (!mail || mail.anchorId !== anchorId || !mail.fromMember) throw notFound();
    await this.repo.markRead(emfId);
    const named = await this.repo.getWithMember(emfId);
    if (!named) throw notFound();
    return this.ladyRow(named, await this.repo.photosOf(emfId));
  }

  /** The member finished the mail guide: never shown again, on any device (getUserConfig). */
  async setGuideMail(memberId: string): Promise<void> {
    await this.repo.setGuideMail(memberId);
  }

  /** Keeps an uploaded photo in the file store as it arrives, checked by its bytes (mail-uploads.ts). */
  async upload(memberId: string, body: AsyncIterable<Uint8Array>): Promise<UploadAnswer> {
    const photoId = newId('P');
    const { info, bytes, sha256 } = await receive(this.files, photoKey(photoId), body, PHOTO);
    await this.repo.insertPhoto({
      photoId,
      memberId,
      sha256,
      mime: info.mime,
      bytes,
      width: info.width,
      height: info.height,
    });
    return {
      photo_id: photoId,
      url: `${MAIL_PHOTO_PATH}/${photoId}`,
      width: info.width,
      height: info.height,
    };
  }

  /** An uploaded photo for its owner, or for the broadcaster it was mailed to: its store key. */
  async photoFile(userid: string, photoId: string): Promise<{ mime: string; key: string } | undefined> {
    const [photo] = await this.repo.photos([photoId]);
    if (!photo) return undefined;
    let allowed = photo.memberId === userid;
    if (!allowed && photo.emfId) allowed = (await this.repo.get(photo.emfId))?.anchorId === userid;
    if (!allowed) return undefined;
    return { mime: photo.mime, key: photoKey(photo.photoId) };
  }

  /**
   * Where a letter's photo or video comes from, once mayOpen allowed it: the broadcaster's uploaded
   * file in the file store, or 'demo' for a demo item, which has none (the server draws its photo
   * and plays the demo clip kept with it).
   */
  async mediaSource(
    item: MediaRecord,
  ): Promise<{ key: string; size: number; contentType: string | undefined } | 'demo'> {
    const key = mediaKey(item.emfId, item.resourceId);
    const stored = await this.files.exists(key);
    return stored ? { key, ...stored } : 'demo';
  }

  /**
   * A broadcaster's photo or video for a letter, checked by its bytes (never its name) with the rules
   * and texts of its kind — a photo exactly as a member's — and kept in the file store until she
   * sends it (ladySend names it "photo-…:<photo_id>" / "video-…:<video_id>").
   */
  async ladyUpload(
    anchorId: string,
    kind: 'photo',
    body: AsyncIterable<Uint8Array>,
  ): Promise<LadyPhotoUploadAnswer>;
  async ladyUpload(
    anchorId: string,
    kind: 'video',
    body: AsyncIterable<Uint8Array>,
  ): Promise<VideoUploadAnswer>;
  async ladyUpload(
    anchorId: string,
    kind: 'photo' | 'video',
    body: AsyncIterable<Uint8Array>,
  ): Promise<LadyPhotoUploadAnswer | VideoUploadAnswer> {
    // Before a byte is read: an account that cannot send mail keeps nothing.
    if (!(await this.repo.anchorTarget(anchorId))) throw forbidden();
    if (kind === 'video') {
      const id = newId('V');
      const { info, bytes } = await receive(this.files, uploadKey(anchorId, id), body, VIDEO);
      return { video_id: id, mime: info.mime, bytes };
    }
    const id = newId('P');
    const { info, bytes } = await receive(this.files, uploadKey(anchorId, id), body, PHOTO);
    return { photo_id: id, mime: info.mime, bytes, width: info.width, height: info.height };
  }

  /** Whether `userid` may see a letter item's full picture or clip: free or bought, or her own. */
  async mayOpen(userid: string, emfId: string, resourceId: string): Promise<MediaRecord | undefined> {
    const mail = await this.repo.get(emfId);
    if (!mail) return undefined;
    const viewer = mail.memberId === userid ? mail.memberId : mail.anchorId === userid ? '' : undefined;
    if (viewer === undefined) return undefined;
    const item = (await this.repo.media(emfId, mail.memberId)).find((m) => m.resourceId === resourceId);
    if (!item) return undefined;
    if (viewer === '') return item; // the broadcaster who sent it
    if (mail.needsPay && !mail.paidAt) return undefined;
    return item.isFree || item.bought ? item : undefined;
  }

  async mediaExists(userid: string, emfId: string, resourceId: string): Promise<MediaRecord | undefined> {
    const mail = await this.repo.get(emfId);
    if (!mail || (mail.memberId !== userid && mail.anchorId !== userid)) return undefined;
    return (await this.repo.media(emfId, mail.memberId)).find((m) => m.resourceId === resourceId);
  }

  // ---- Stamps.

  priceList(): { list: StampPack[] } {
    return {
      list: STAMP_PACKS.map((p) => ({
        item_code: p.item_code,
        item_name: `${p.stamps} Post Stamps`,
        discount_price: creditOf(p.price),
        original_price: creditOf(p.original),
        save_desc: p.save_desc,
        stamps: p.stamps,
      })),
    };
  }

  /** Buys a stamp pack with credits: both moves in one transaction, keyed by the client's key. */
  async buyStamps(memberId: string, itemCode: string, key: string) {
    const pack = STAMP_PACKS.find((p) => p.item_code === itemCode);
    if (!pack) throw notFound();
    const idem = `stamps:${memberId}:${key}`;
    const paid = await this.deps.db.transaction(async (tx) => {
      const moved = await ledgerRepository(tx).move({
        userId: memberId,
        delta: -pack.price,
        reason: 'stamps',
        ref: pack.item_code,
        key: idem,
        payee: null,
      });
      if (moved.status === 'insufficient') {
        throw new ApiError(MailErrno.NO_CREDITS_STAMPS, MailMessages.noCreditsStamps);
      }
      if (moved.status === 'duplicate') return false;
      await mailRepository(tx).moveStamps({
        userId: memberId,
        delta: pack.stamps,
        reason: 'purchase',
        payee: null,
        ref: pack.item_code,
        key: idem,
      });
      return true;
    });
    if (paid) {
      const b = await this.balances(memberId);
      await notifyCredit(this.deps.notifier, memberId, b.credit);
      await this.deps.notifier.deliver(memberId, MailEvent.poststamp, { poststamp: b.poststamp });
    }
    const b = await this.balances(memberId);
    return { credit: creditOf(b.credit), poststamp: b.poststamp };
  }

  async stampHistories(memberId: string): Promise<{ list: StampHistory[] }> {
    const rows = await this.repo.stampHistory(memberId);
    return {
      list: rows.map((r) => ({
        id: r.id,
        delta: r.delta,
        balance_after: r.balanceAfter,
        reason: r.reason,
        ref: r.ref,
        time: seconds(r.at),
      })),
    };
  }

  // ---- Broadcasters.

  /**
   * A broadcaster writes a mail (paid to read) or a greeting mail (free) to a member, with demo media
   * drawn by the server or photos and videos she uploaded (the same picture at most once: 'already
   * attached this photo'); the member's tabs get the notice with the new unread count at once.
   */
  async ladySend(
    anchorId: string,
    input: {
      manId: string;
      kind: 'emf' | 'loi';
      content: string;
      /** An item with an uploadId shows her upload (ladyUpload); without, the demo picture or clip. */
      media: { type: 'photo' | 'video'; is_free: boolean; describe: string; uploadId?: string }[];
      replyTo?: string;
    },
    sentAt?: Date,
  ): Promise<{ emf_id: string }> {
    const content = input.content.trim();
    if (!content) throw new ApiError(MailErrno.BLANK, MailMessages.blank);
    if (content.length > MAIL_MAX_LENGTH) throw invalidParams('content');
    if (!(await this.repo.memberExists(input.manId))) throw notFound();
    const target = await this.repo.anchorTarget(anchorId);
    if (!target) throw forbidden();
    if (input.replyTo) {
      // An answer names a mail of this member to her.
      const original = await this.repo.get(input.replyTo);
      if (!original || original.anchorId !== anchorId || original.memberId !== input.manId) throw notFound();
    }
    const emfId = newId(input.kind === 'emf' ? 'EMF' : 'LOI');
    // Her uploaded photos and videos move to the letter's keys before the letter exists, so a letter
    // never names a file that is not there; a letter that fails to be written takes its copies back.
    const uploads = input.media.flatMap((m, i) =>
      m.uploadId
        ? [{ type: m.type, from: uploadKey(anchorId, m.uploadId), to: mediaKey(emfId, resourceIdAt(i)) }]
        : [],
    );
    for (const u of uploads) if (!(await this.files.exists(u.from))) throw notFound();
    // Photos are small (under 5 MB): read them first, to refuse the same picture twice before
    // anything is copied. Videos are copied one at a time below.
    const photos = new Map<string, { bytes: Buffer; mime: string }>();
    const seen = new Set<string>();
    for (const u of uploads) {
      if (u.type !== 'photo') continue;
      const file = await this.files.get(u.from);
      const bytes = file && (await readAll(file.body));
      const info = bytes && sniffImage(bytes);
      if (!bytes || !info) throw notFound();
      const sha = sha256Of(bytes);
      if (seen.has(sha)) throw new ApiError(MailErrno.DUPLICATE_PHOTO, MailMessages.duplicatePhoto);
      seen.add(sha);
      photos.set(u.to, { bytes, mime: info.mime });
    }
    try {
      for (const u of uploads) {
        const photo = photos.get(u.to);
        if (photo) {
          await this.files.put(u.to, photo.bytes, photo.mime);
          continue;
        }
        const file = await this.files.get(u.from);
        if (!file) throw notFound();
        await this.files.put(u.to, await readAll(file.body), file.contentType ?? 'video/webm');
      }
      await this.writeLadyMail(emfId, anchorId, input, content, sentAt);
    } catch (error) {
      await Promise.all(uploads.map((u) => this.files.delete(u.to).catch(() => undefined)));
      throw error;
    }
    await Promise.all(uploads.map((u) => this.files.delete(u.from).catch(() => undefined)));
    const num = await this.repo.unread(input.manId, input.kind);
    await this.deps.notifier.deliver(
      input.manId,
      input.kind === 'emf' ? MailEvent.emfNotice : MailEvent.loiNotice,
      {
        emf_id: emfId,
        anchor_id: anchorId,
        anchor_nickname: target.nickname,
        num,
      } satisfies MailNotice,
    );
    return { emf_id: emfId };
  }

  /** The broadcaster's letter and its media rows, in one transaction. */
  private async writeLadyMail(
    emfId: string,
    anchorId: string,
    input: Parameters<MailService['ladySend']>[1],
    content: string,
    sentAt: Date | undefined,
  ): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const repo = mailRepository(tx);
      await repo.insertMail({
        emfId,
        kind: input.kind,
        memberId: input.manId,
        anchorId,
        fromMember: false,
        content,
        replyTo: input.replyTo ?? null,
        needsPay: input.kind === 'emf',
        sentAt,
      });
      await repo.insertMedia(
        emfId,
        input.media.map((m) => ({ isVideo: m.type === 'video', isFree: m.is_free, describe: m.describe })),
      );
    });
  }

  private async ladyRow(r: MailRecord, photos: string[]) {
    return {
      emf_id: r.emfId,
      kind: r.kind,
      man_id: r.memberId,
      man_nickname: r.anchorNickname,
      from_member: r.fromMember ? 1 : 0,
      content: r.content,
      send_time: seconds(r.sentAt),
      is_read: r.readAt ? 1 : 0,
      photos: photos.map((id) => `${MAIL_PHOTO_PATH}/${id}`),
      schedule: await this.scheduleOf(r),
    };
  }

  async ladyList(anchorId: string) {
    const rows = await this.repo.forAnchor(anchorId, 50);
    // The photos a member attached, so she sees his whole mail before answering.
    const photos = await Promise.all(rows.map((r) => (r.fromMember ? this.repo.photosOf(r.emfId) : [])));
    return { list: await Promise.all(rows.map((r, i) => this.ladyRow(r, photos[i] ?? []))) };
  }
}
