/**
 * Mail on the member's side: his letters, reading a paid one, opening its photos and videos, and
 * writing to a broadcaster, with a schedule request if he likes. Every paid action runs in one
 * transaction with the member row locked: the stamp or credit move (keyed, so a double click pays
 * once; mail-payment.ts) and the row that records it land together or not at all. Her side is
 * mail-host.ts, the files mail-files.ts, the stamps stamps.ts.
 */

import {
  BOOKING_ID_PREFIX,
  SCHEDULE_REQUEST_MAX_S,
  SCHEDULE_REQUEST_MIN_S,
} from '../../../protocol/bookings/booking';
import { Errno, Messages } from '../../../protocol/errors';
import {
  type BuyMediaAnswer,
  CLICK_TYPE,
  MAIL_MAX_LENGTH,
  MAIL_MAX_PHOTOS,
  MAIL_PRICE,
  type MailDetail,
  MailErrno,
  MailEvent,
  type MailList,
  MailMessages,
  MEDIA_STATUS,
  MediaErrno,
  MediaMessages,
  mailScheduleDeposit,
  PHOTO_PRICE,
  type ReadAnswer,
  type UnreadNum,
  VIDEO_PRICE,
} from '../../../protocol/mail/mail';
import { ApiError, invalidParams, notFound } from '../../core/errors';
import { timedId } from '../../core/ids';
import type { Notifier } from '../../realtime/deliver';
import { type Db, isUniqueViolation, type StorageRepositories } from '../../storage/contract';
import type { BookingService, BookingView, MailRequestPlan } from '../bookings';
import { DEPOSIT_BASE_HUNDREDTHS } from '../bookings';
import type { EarnIntimacy } from '../intimacy';
import { creditOf } from '../money';
import { announceLetterGift, giveLetterGift, type LetterGiftInput, planLetterGift } from './mail-gifts';
import {
  announceBalances,
  mediaShort,
  type PaidWith,
  payForMail,
  readShort,
  sendShort,
} from './mail-payment';
import { type MailBox, type MailRecord, mailRepository } from './mail-repository';
import { letterMedia, mailDetail, mailItem } from './mail-views';

const scheduleWindowError = () => new ApiError(MailErrno.SCHEDULE_WINDOW, MailMessages.scheduleWindow);
/** Thrown inside the send transaction when the deposit is short, to roll the mail back too. */
class ScheduleShort extends Error {}

export interface MailDeps {
  db: Db;
  /** A letter's gift is checked against his privileges and hers. */
  repos: StorageRepositories;
  notifier: Notifier;
  now?: () => Date;
  /** Schedule requests sent by mail reuse the booking service (its checks and lifecycle). */
  bookings?: BookingService;
  /** Each letter he sends her earns Intimacy (server/features/intimacy). */
  earnIntimacy?: EarnIntimacy;
}

export class MailService {
  private readonly repo: ReturnType<typeof mailRepository>;
  private readonly now: () => Date;

  constructor(private readonly deps: MailDeps) {
    this.repo = mailRepository(deps.db);
    this.now = deps.now ?? (() => new Date());
    deps.bookings?.setAnswerGuard((b, now) => this.guardAnswer(b, now));
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

  private detailOf(db: Db, r: MailRecord, memberId: string): Promise<MailDetail> {
    return mailDetail(db, r, memberId, this.now(), this.deps.bookings);
  }

  /** Tells the member's tabs the balance that moved. */
  private announce(memberId: string, paid: PaidWith, creditsToo = false) {
    return announceBalances(this.deps.db, this.deps.notifier, memberId, paid, creditsToo);
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
      list: page.list.map((r) => mailItem(r, counts.get(r.emfId) ?? 0)),
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

  /** Opens a paid mail: 1 stamp or 0.8 credit, once (a second call finds it paid and charges nothing). */
  async read(memberId: string, emfId: string, clickType: number): Promise<ReadAnswer> {
    const result = await this.deps.db.transaction(async (tx) => {
      const mail = await this.ownMail(memberId, emfId, tx, true);
      if (mail.kind !== 'emf') throw notFound();
      let paid: PaidWith = 'none';
      if (mail.needsPay && !mail.paidAt && !mail.fromMember) {
        paid = await payForMail(
          tx,
          memberId,
          MAIL_PRICE,
          clickType,
          { reason: 'mail_read', ref: emfId, key: `mail-read:${emfId}`, payee: mail.anchorId },
          readShort,
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
      const view = letterMedia(item, mail.sentAt, this.now());
      if (view.status === MEDIA_STATUS.unlocked) return { media: view, paid: 'none' as const };
      if (view.status === MEDIA_STATUS.expired) {
        const code = item.isVideo ? MediaErrno.PLAY_EXPIRED : MediaErrno.VIEW_EXPIRED;
        throw new ApiError(code, MediaMessages[code] ?? '');
      }
      const paid = await payForMail(
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
        mediaShort(kind),
      );
      await repo.insertBought(emfId, resourceId, memberId, paid);
      return { media: letterMedia({ ...item, bought: true }, mail.sentAt, this.now()), paid };
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
      gift?: LetterGiftInput;
    },
  ): Promise<{ emf_id: string; credit: number; poststamp: number; invitation_id?: string }> {
    const target = await this.checkAnchor(input.anchorId);
    // A gift with it: a room gift's rules, checked before anything moves.
    const gift =
      input.gift &&
      (await planLetterGift(this.deps.db, this.deps.repos, memberId, target.anchor_id, input.gift));
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
    let result: { emfId: string; paid: PaidWith; bookingId: string | null; giftCredits?: boolean };
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
        const emfId = timedId('EMF');
        const paid = await payForMail(
          tx,
          memberId,
          { stamps: MAIL_PRICE.stamps * units, credits: MAIL_PRICE.credits * units },
          input.clickType ?? CLICK_TYPE.auto,
          { reason: 'mail_send', ref: emfId, key: sendKey, payee: target.anchor_id },
          sendShort,
          deposit,
        );
        let bookingId: string | null = null;
        if (plan && bookings) {
          bookingId = timedId(BOOKING_ID_PREFIX);
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
        const giftCredits = gift
          ? await giveLetterGift(tx, gift, { memberId, anchorId: target.anchor_id, emfId, sendKey })
          : false;
        return { emfId, paid, bookingId, giftCredits };
      });
    } catch (error) {
      if (error instanceof ScheduleShort)
        throw new ApiError(MailErrno.SCHEDULE_NO_CREDIT, MailMessages.scheduleNoCredit);
      // Another booking took the slot meanwhile: the mail was not sent either; say why.
      if (plan && bookings && isUniqueViolation(error)) throw await bookings.mailRequestConflict(plan);
      throw error;
    }
    const money = await this.announce(memberId, result.paid, deposit > 0 || result.giftCredits === true);
    if (gift && result.giftCredits !== undefined)
      await announceLetterGift(this.deps, gift, {
        memberId,
        anchorId: target.anchor_id,
        emfId: result.emfId,
      });
    await this.deps.earnIntimacy?.({
      memberId,
      anchorId: target.anchor_id,
      source: 'mail',
      key: `mail:${result.emfId}`,
    });
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

  /** The member finished the mail guide: never shown again, on any device (getUserConfig). */
  async setGuideMail(memberId: string): Promise<void> {
    await this.repo.setGuideMail(memberId);
  }
}
