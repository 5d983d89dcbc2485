/**
 * Mail, greeting mail, post stamps and private media in letters (protocol/mail.ts has the rules).
 * Every paid action runs in one transaction with the member row locked: the stamp or credit move
 * (each keyed, so a double click pays once) and the row that records it (paid_at, the purchase, the
 * sent mail) land together or not at all. After a move the member's tabs hear the new balance.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type BuyMediaAnswer,
  CLICK_TYPE,
  type LetterMedia,
  MAIL_MAX_LENGTH,
  MAIL_MAX_PHOTOS,
  MAIL_MEDIA_PATH,
  MAIL_PHOTO_PATH,
  MAIL_PRICE,
  type MailDetail,
  MailErrno,
  MailEvent,
  type MailItem,
  type MailList,
  MailMessages,
  type MailNotice,
  MEDIA_LOCK_DAYS,
  MEDIA_STATUS,
  MediaErrno,
  MediaMessages,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PX,
  PHOTO_MIN_PX,
  PHOTO_PRICE,
  type PoststampNotice,
  type ReadAnswer,
  STAMP_PACKS,
  type StampHistory,
  type StampPack,
  type UnreadNum,
  type UploadAnswer,
  VIDEO_PRICE,
} from '../../protocol/mail';
import type { Notifier } from '../realtime/deliver';
import type { Db } from '../storage/contract';
import { ledgerRepository } from '../storage/repositories/ledger';
import {
  type MailBox,
  type MailRecord,
  type MediaRecord,
  mailRepository,
} from '../storage/repositories/mail';
import { creditOf, notifyCredit } from './credit';
import { ApiError, forbidden, invalidParams, notFound } from './errors';
import { sniffImage } from './mail-images';

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
  now?: () => Date;
}

export class MailService {
  private readonly repo: ReturnType<typeof mailRepository>;
  private readonly now: () => Date;

  constructor(private readonly deps: MailDeps) {
    this.repo = mailRepository(deps.db);
    this.now = deps.now ?? (() => new Date());
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
    what: { reason: string; ref: string; key: string },
    short: (s: Shortfall) => ApiError,
  ): Promise<'stamps' | 'credits'> {
    const balances = await mailRepository(tx).lockBalances(memberId);
    const choice = choosePayment(balances, price, clickType);
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
  private async announce(memberId: string, paid: 'stamps' | 'credits' | 'none') {
    const b = await this.balances(memberId);
    if (paid === 'credits') await notifyCredit(this.deps.notifier, memberId, b.credit);
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
          { reason: 'mail_read', ref: emfId, key: `mail-read:${emfId}` },
          () => new ApiError(MailErrno.NO_MONEY_READ, MailMessages.noMoneyRead),
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
   * with stamps when there are enough, else with credits. The key makes a double click send once.
   */
  async send(
    memberId: string,
    input: { anchorId: string; content: string; photoIds: string[]; key: string; clickType?: number },
  ): Promise<{ emf_id: string; credit: number; poststamp: number }> {
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
    const result = await this.deps.db.transaction(async (tx) => {
      const repo = mailRepository(tx);
      await repo.lockBalances(memberId);
      const earlier = await repo.bySendKey(sendKey);
      if (earlier) return { emfId: earlier, paid: 'none' as const };
      if (photos.some((p) => p.emfId))
        throw new ApiError(MailErrno.DUPLICATE_PHOTO, MailMessages.duplicatePhoto);
      const emfId = newId('EMF');
      const paid = await this.pay(
        tx,
        memberId,
        { stamps: MAIL_PRICE.stamps * units, credits: MAIL_PRICE.credits * units },
        input.clickType ?? CLICK_TYPE.auto,
        { reason: 'mail_send', ref: emfId, key: sendKey },
        () => new ApiError(MailErrno.NO_MONEY_SEND, MailMessages.noMoneySend),
      );
      await repo.insertMail({
        emfId,
        kind: 'emf',
        memberId,
        anchorId: target.anchor_id,
        fromMember: true,
        content,
        needsPay: false,
        sendKey,
      });
      for (const [i, id] of input.photoIds.entries()) await repo.attachPhoto(id, emfId, i);
      return { emfId, paid };
    });
    const money = await this.announce(memberId, result.paid);
    await this.deps.notifier.deliver(target.anchor_id, MailEvent.ladyEmfNotice, {
      emf_id: result.emfId,
      man_id: memberId,
    });
    return { emf_id: result.emfId, ...money };
  }

  /** Checks an uploaded photo by its bytes and keeps it under the data folder. */
  async upload(memberId: string, bytes: Buffer): Promise<UploadAnswer> {
    if (bytes.length >= PHOTO_MAX_BYTES) throw new ApiError(MailErrno.TOO_LARGE, MailMessages.tooLarge);
    const info = sniffImage(bytes);
    if (!info) throw new ApiError(MailErrno.BAD_FORMAT, MailMessages.badFormat);
    const fits = (n: number) => n > PHOTO_MIN_PX && n < PHOTO_MAX_PX;
    if (!fits(info.width) || !fits(info.height)) {
      throw new ApiError(MailErrno.BAD_DIMENSIONS, MailMessages.badDimensions);
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const photoId = newId('P');
    await mkdir(this.photoDir(), { recursive: true });
    await writeFile(join(this.photoDir(), photoId), bytes);
    await this.repo.insertPhoto({
      photoId,
      memberId,
      sha256,
      mime: info.mime,
      bytes: bytes.length,
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

  private photoDir() {
    return join(this.deps.dataDir, 'mail-photos');
  }

  /** An uploaded photo for its owner, or for the broadcaster it was mailed to. */
  async photoFile(userid: string, photoId: string): Promise<{ mime: string; bytes: Buffer } | undefined> {
    const [photo] = await this.repo.photos([photoId]);
    if (!photo) return undefined;
    let allowed = photo.memberId === userid;
    if (!allowed && photo.emfId) allowed = (await this.repo.get(photo.emfId))?.anchorId === userid;
    if (!allowed) return undefined;
    return { mime: photo.mime, bytes: await readFile(join(this.photoDir(), photo.photoId)) };
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
      });
      if (moved.status === 'insufficient') {
        throw new ApiError(MailErrno.NO_CREDITS_STAMPS, MailMessages.noCreditsStamps);
      }
      if (moved.status === 'duplicate') return false;
      await mailRepository(tx).moveStamps({
        userId: memberId,
        delta: pack.stamps,
        reason: 'purchase',
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
   * drawn by the server; the member's tabs get the notice with the new unread count at once.
   */
  async ladySend(
    anchorId: string,
    input: {
      manId: string;
      kind: 'emf' | 'loi';
      content: string;
      media: { type: 'photo' | 'video'; is_free: boolean; describe: string }[];
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
      for (const [i, m] of input.media.entries()) {
        await repo.insertMedia({
          emfId,
          resourceId: `R${i + 1}`,
          isVideo: m.type === 'video',
          isFree: m.is_free,
          describe: m.describe,
          position: i,
        });
      }
    });
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

  async ladyList(anchorId: string) {
    const rows = await this.repo.forAnchor(anchorId, 50);
    // The photos a member attached, so she sees his whole mail before answering.
    const photos = await Promise.all(rows.map((r) => (r.fromMember ? this.repo.photosOf(r.emfId) : [])));
    return {
      list: rows.map((r, i) => ({
        emf_id: r.emfId,
        kind: r.kind,
        man_id: r.memberId,
        man_nickname: r.anchorNickname,
        from_member: r.fromMember ? 1 : 0,
        content: r.content,
        send_time: seconds(r.sentAt),
        is_read: r.readAt ? 1 : 0,
        photos: (photos[i] ?? []).map((id) => `${MAIL_PHOTO_PATH}/${id}`),
      })),
    };
  }
}
