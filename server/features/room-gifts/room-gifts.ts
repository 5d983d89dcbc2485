/**
 * Gifts in a broadcaster's live room (protocol/room-gifts): a member in one of her rooms (a live
 * room, a hang-out she hosts, a live chat with her) gives her a catalogue gift; his backpack's gifts of that kind pay first, the rest is one ledger charge in
 * the same transaction, once per key. After it commits the whole room is told (her and every
 * viewer, on any process) and the order earns Intimacy with her.
 */
import { randomUUID } from 'node:crypto';
import { Errno, Messages } from '../../../protocol/errors';
import { GiftErrno, GiftMessages, mayGive } from '../../../protocol/gifts/gifts';
import { intimacyLevel } from '../../../protocol/messages/messages';
import { fromHundredths } from '../../../protocol/money';
import {
  type ReceivedRoomGifts,
  ROOM_GIFT_EVENT,
  type RoomGiftLine,
  type RoomGiftOptions,
  type RoomGiftSent,
} from '../../../protocol/room-gifts/room-gifts';
import type { SendRoomGiftBody } from '../../../protocol/room-gifts/room-gifts-schemas';
import { ApiError, notFound } from '../../core/errors';
import type { Notifier } from '../../realtime/deliver';
import type { Db, StorageRepositories } from '../../storage/contract';
import type { CatalogueGift, GiftService } from '../gifts';
import type { EarnIntimacy } from '../intimacy';
import { creditOf, ledgerRepository, notifyCredit } from '../money';
import { type RoomGiftOrder, roomGiftsRepository } from './room-gifts-repository';

export interface RoomGiftDeps {
  db: Db;
  repos: StorageRepositories;
  gifts: GiftService;
  notifier: Notifier;
  earnIntimacy?: EarnIntimacy;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export class RoomGiftService {
  constructor(private readonly deps: RoomGiftDeps) {}

  async send(memberId: string, body: SendRoomGiftBody): Promise<RoomGiftSent> {
    const { db, repos } = this.deps;
    const repo = roomGiftsRepository(db);
    const member = await repos.members.find(memberId);
    if (!member) throw notFound();
    if (member.priv.send_gift_flower !== 1) throw new ApiError(Errno.NO_PRIVILEGE, Messages.noPrivilege);
    // Keys are his own: another member's key never meets his.
    const key = `room_gift:${memberId}:${body.key}`;
    const gift = await this.deps.gifts.find(body.gift_id);
    // A repeat answers the first order, whatever changed since (he may have left the room).
    const earlier = await repo.byKey(key);
    if (earlier) return this.answer(earlier, gift, member.creditHundredths, true, body);
    const anchor = await repos.anchors.find(body.anchor_id);
    if (!anchor) throw notFound();
    if (anchor.priv.flower_sent !== 1 || anchor.priv.priv_mb_h5_show_gift !== 1)
      throw new ApiError(GiftErrno.NOT_ACCEPTED, GiftMessages.notAccepted);
    const roomId = await repo.openRoom(memberId, anchor.userid);
    if (!roomId) throw new ApiError(GiftErrno.NOT_IN_ROOM, GiftMessages.notInRoom);
    if (
      !mayGive(
        { intimacy_level: gift.intimacyLevel },
        intimacyLevel(await repo.experience(memberId, anchor.userid)),
      )
    )
      throw new ApiError(GiftErrno.LIMITED, GiftMessages.limited);

    const done = await db.transaction(async (tx) => {
      const txRepo = roomGiftsRepository(tx);
      await txRepo.lockMember(memberId);
      const again = await txRepo.byKey(key);
      if (again) return { order: again, repeated: true };
      const fromBackpack = body.use_backpack
        ? await txRepo.takeFromBackpack(memberId, gift.giftid, body.num)
        : 0;
      const price = (body.num - fromBackpack) * gift.creditHundredths;
      const orderId = `RG${randomUUID()}`;
      if (price > 0) {
        const moved = await ledgerRepository(tx).move({
          userId: memberId,
          delta: -price,
          reason: 'room_gift',
          ref: orderId,
          payee: anchor.userid,
          key,
        });
        if (moved.status === 'insufficient')
          throw new ApiError(Errno.NO_CREDIT, Messages.noCredit, {
            credit: creditOf(moved.balance),
            credit_needed: creditOf(price),
          });
      }
      const order = await txRepo.insert({
        orderId,
        memberId,
        anchorId: anchor.userid,
        roomId,
        giftid: gift.giftid,
        num: body.num,
        creditPaid: price,
        fromBackpack,
        key,
      });
      return { order, repeated: false };
    });
    const balance = (await repos.members.find(memberId))?.creditHundredths ?? 0;
    if (!done.repeated) await this.afterCommit(done.order, gift, member.nickname, balance);
    return this.answer(done.order, gift, balance, done.repeated, body);
  }

  /** The picker: the catalogue, what his backpack holds of each, and what his level with her locks. */
  async options(memberId: string, anchorId: string): Promise<RoomGiftOptions> {
    const repo = roomGiftsRepository(this.deps.db);
    // Her picker only: an id that names no broadcaster is answered as such.
    if (!(await this.deps.repos.anchors.find(anchorId))) throw notFound();
    const [catalogue, held, experience] = await Promise.all([
      this.deps.gifts.all(),
      repo.heldGifts(memberId),
      repo.experience(memberId, anchorId),
    ]);
    const level = intimacyLevel(experience);
    return {
      intimacy: level,
      list: catalogue.list.map((g) => ({
        giftid: g.giftid,
        name: g.name,
        small_imgurl: g.small_imgurl,
        credit: g.credit,
        intimacy_level: g.intimacy_level,
        held: held.get(g.giftid) ?? 0,
        locked: mayGive(g, level) ? 0 : 1,
      })),
    };
  }

  /** Her gifts received, newest first, with what they earned in all. */
  async received(anchorId: string, start: number, step: number): Promise<ReceivedRoomGifts> {
    const repo = roomGiftsRepository(this.deps.db);
    const [rows, totals] = await Promise.all([
      repo.received(anchorId, start, step),
      repo.receivedTotals(anchorId),
    ]);
    return {
      total: totals.orders,
      gifts: totals.gifts,
      credit: creditOf(totals.credit),
      list: rows.map((r) => ({
        order_id: r.orderId,
        from_id: r.memberId,
        nickname: r.nickname,
        giftid: r.giftid,
        name: r.name,
        small_imgurl: r.imgurl,
        num: r.num,
        credit: creditOf(r.creditPaid),
        from_backpack: r.fromBackpack,
        at: seconds(r.at),
        source: r.source,
      })),
    };
  }

  /** The room sees it, his tabs see his balance, and the order earns Intimacy (one award per order). */
  private async afterCommit(order: RoomGiftOrder, gift: CatalogueGift, nickname: string, balance: number) {
    const { notifier } = this.deps;
    const line: RoomGiftLine = {
      room_id: order.roomId,
      from_id: order.memberId,
      nickname,
      giftid: gift.giftid,
      name: gift.name,
      small_imgurl: gift.imgurl,
      num: order.num,
      at: seconds(order.at),
    };
    const audience = new Set([order.anchorId, order.memberId, ...(await this.roomAudience(order.roomId))]);
    await Promise.all([...audience].map((userid) => notifier.deliver(userid, ROOM_GIFT_EVENT, line)));
    if (order.creditPaid > 0) await notifyCredit(notifier, order.memberId, balance);
    await this.deps.earnIntimacy?.({
      memberId: order.memberId,
      anchorId: order.anchorId,
      source: 'gift',
      key: `room_gift:${order.orderId}`,
      units: order.num,
    });
  }

  private roomAudience(roomId: string): Promise<string[]> {
    return roomGiftsRepository(this.deps.db).audienceOf(roomId);
  }

  private answer(
    order: RoomGiftOrder,
    gift: CatalogueGift,
    balance: number,
    repeated: boolean,
    body: SendRoomGiftBody,
  ): RoomGiftSent {
    if (order.giftid !== body.gift_id || order.num !== body.num || order.anchorId !== body.anchor_id)
      throw new ApiError(GiftErrno.KEY_REUSED, GiftMessages.keyReused);
    return {
      order_id: order.orderId,
      anchor_id: order.anchorId,
      room_id: order.roomId,
      giftid: gift.giftid,
      name: gift.name,
      small_imgurl: gift.imgurl,
      num: order.num,
      from_backpack: order.fromBackpack,
      credit_paid: fromHundredths(order.creditPaid),
      credit: creditOf(balance),
      repeated: repeated ? 1 : 0,
    };
  }
}
