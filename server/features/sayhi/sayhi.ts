/**
 * Say Hi (protocol/sayhi/sayhi.ts has the rules). Sending checks the rules, uses one Say Hi allowance and
 * records the Say Hi in one transaction with the member row locked, then tells the member's tabs the
 * new voucher counts (imMan/couponNumChangeNotice) and the broadcaster that a Say Hi arrived. Demo
 * (robot) broadcasters answer by themselves after config.sayHiAutoReplyMs; 0 turns that off.
 */

import { Errno, Messages } from '../../../protocol/errors';
import { EventRoute } from '../../../protocol/realtime';
import {
  type CanSendSayHi,
  fillSayHi,
  type LadySayHiItem,
  SAY_HI_GREETINGS,
  SAY_HI_MAX_WAITING,
  SAY_HI_RECEIVED_EVENT,
  SAY_HI_RESPONSE_EVENT,
  SAY_HI_THEMES,
  SayHiErrno,
  type SayHiItem,
  type SayHiListData,
  SayHiMessages,
  type SayHiResponseNotice,
  type SendSayHiAnswer,
} from '../../../protocol/sayhi/sayhi';
import { ApiError, invalidParams, notFound } from '../../core/errors';
import { timedId } from '../../core/ids';
import type { Notifier } from '../../realtime/deliver';
import type { Db } from '../../storage/contract';
import type { EarnIntimacy } from '../intimacy';
import { vouchersRepository } from '../vouchers';
import { type SayHiFilter, type SayHiRecord, sayHiRepository } from './sayhi-repository';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

export function sayHiItemOf(r: SayHiRecord): SayHiItem {
  return {
    sayid: r.sayId,
    anchor_id: r.anchorId,
    anchor_nickname: r.anchorNickname,
    anchor_photourl: r.anchorPhotourl,
    greeting: r.greeting,
    theme: r.theme,
    send_time: seconds(r.sentAt),
    has_response: r.respondedAt ? 1 : 0,
    is_read: r.readAt ? 1 : 0,
    response: r.response ?? '',
    response_time: seconds(r.respondedAt),
  };
}

/** What a demo broadcaster answers (ours; a real broadcaster writes her own). */
const DEMO_RESPONSES = [
  'Hi {name}! Thank you for your Say Hi, it made me smile. Tell me a little about yourself?',
  'Hello {name}! So sweet of you. I love long walks and good music. What about you?',
  'Hey {name}, nice to meet you! Come and see me when I am live, I would love to chat.',
] as const;

export interface SayHiDeps {
  /** A Say Hi she answers earns him Intimacy with her (server/features/intimacy). */
  earnIntimacy?: EarnIntimacy;
  db: Db;
  notifier: Notifier;
  /** 0: demo broadcasters never answer by themselves. */
  autoReplyMs: number;
}

export class SayHiService {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly repo: ReturnType<typeof sayHiRepository>;

  constructor(private readonly deps: SayHiDeps) {
    this.repo = sayHiRepository(deps.db);
  }

  /** The checks of isCanSendSayHi and sendSayHi, in the order a member can act on them. */
  private async check(tx: Db, memberId: string, anchorId: string) {
    const repo = sayHiRepository(tx);
    const [priv] = await tx.query<{ say_hi: string | null }>(
      "SELECT priv ->> 'say_hi' AS say_hi FROM members WHERE userid = $1",
      [memberId],
    );
    if (priv?.say_hi !== '1') throw new ApiError(Errno.NO_PRIVILEGE, Messages.noPrivilege);
    const target = await repo.target(anchorId);
    if (!target) throw notFound();
    const name = target.nickname;
    if (await repo.existing(memberId, anchorId)) {
      throw new ApiError(SayHiErrno.ALREADY_SENT, fillSayHi(SayHiMessages.alreadySent, { name }));
    }
    if (!target.active) {
      throw new ApiError(SayHiErrno.ANCHOR_UNAVAILABLE, fillSayHi(SayHiMessages.anchorUnavailable, { name }));
    }
    const counts = await repo.counts(memberId);
    if (counts.unread > 0) throw new ApiError(SayHiErrno.UNREAD_RESPONSES, SayHiMessages.unreadResponses);
    if (counts.wait >= SAY_HI_MAX_WAITING) {
      throw new ApiError(
        SayHiErrno.TOO_MANY_WAITING,
        fillSayHi(SayHiMessages.tooManyWaiting, { count: counts.wait }),
      );
    }
    const left = (await vouchersRepository(tx).counts(memberId)).left_say_hi_num;
    if (left < 1) throw new ApiError(SayHiErrno.NO_ALLOWANCE, SayHiMessages.noAllowance);
    return { target, left };
  }

  /** /pman/sayHi/api/isCanSendSayHi: errno 0 with the broadcaster and the allowance, or the reason. */
  async canSend(memberId: string, anchorId: string): Promise<CanSendSayHi> {
    const { target, left } = await this.check(this.deps.db, memberId, anchorId);
    return {
      anchor_id: target.anchorId,
      nickname: target.nickname,
      photourl: target.photourl,
      left_say_hi_num: left,
    };
  }

  async send(
    memberId: string,
    input: { anchorId: string; greeting: number; theme: number },
  ): Promise<SendSayHiAnswer> {
    if (input.greeting >= SAY_HI_GREETINGS.length || input.theme >= SAY_HI_THEMES.length) {
      throw invalidParams('greeting or theme');
    }
    const sayId = timedId('SH');
    const { target, left } = await this.deps.db.transaction(async (tx) => {
      await sayHiRepository(tx).lockMember(memberId);
      const checked = await this.check(tx, memberId, input.anchorId);
      // Free to send: the allowance is the only thing it uses (no credit moves).
      if (!(await vouchersRepository(tx).useOne(memberId, 'say_hi'))) {
        throw new ApiError(SayHiErrno.NO_ALLOWANCE, SayHiMessages.noAllowance);
      }
      await sayHiRepository(tx).insert({ sayId, memberId, ...input });
      return { target: checked.target, left: checked.left - 1 };
    });
    const counts = await vouchersRepository(this.deps.db).counts(memberId);
    await this.deps.notifier.deliver(memberId, EventRoute.couponNumChange, counts);
    await this.deps.notifier.deliver(target.anchorId, SAY_HI_RECEIVED_EVENT, {
      sayid: sayId,
      man_id: memberId,
    });
    if (target.robot && this.deps.autoReplyMs > 0) this.scheduleDemoReply(sayId, target.anchorId);
    return { sayid: sayId, left_say_hi_num: left };
  }

  async list(memberId: string, filter: SayHiFilter, start: number, step: number): Promise<SayHiListData> {
    await this.answerOverdueDemo(memberId);
    const [page, counts] = await Promise.all([
      this.repo.list(memberId, filter, start, step),
      this.repo.counts(memberId),
    ]);
    return {
      list: page.list.map(sayHiItemOf),
      total: page.total,
      wait_num: counts.wait,
      unread_num: counts.unread,
    };
  }

  /** One Say Hi with her response; opening it marks the response read (free: the first response). */
  async detail(memberId: string, sayId: string): Promise<SayHiItem> {
    await this.answerOverdueDemo(memberId);
    const record = await this.repo.get(sayId);
    if (!record || record.memberId !== memberId) throw notFound();
    if (record.respondedAt && !record.readAt && (await this.repo.markRead(sayId, memberId))) {
      record.readAt = new Date();
    }
    return sayHiItemOf(record);
  }

  async ladyList(anchorId: string): Promise<{ list: LadySayHiItem[] }> {
    const records = await this.repo.forAnchor(anchorId, 50);
    return {
      list: records.map((r) => ({
        sayid: r.sayId,
        man_id: r.memberId,
        man_nickname: r.memberNickname,
        greeting: r.greeting,
        theme: r.theme,
        send_time: seconds(r.sentAt),
        has_response: r.respondedAt ? 1 : 0,
      })),
    };
  }

  /** The broadcaster answers (once); the member's tabs hear of it at once. */
  async respond(anchorId: string, sayId: string, response: string): Promise<{ sayid: string }> {
    const record = await this.repo.get(sayId);
    if (!record || record.anchorId !== anchorId) throw notFound();
    if (!(await this.repo.respond(sayId, anchorId, response))) {
      throw new ApiError(Errno.REQUEST_CLOSED, Messages.requestClosed);
    }
    const notice: SayHiResponseNotice = {
      sayid: sayId,
      anchor_id: anchorId,
      anchor_nickname: record.anchorNickname,
    };
    await this.deps.notifier.deliver(record.memberId, SAY_HI_RESPONSE_EVENT, notice);
    await this.deps.earnIntimacy?.({
      memberId: record.memberId,
      anchorId,
      source: 'sayHiAnswered',
      key: `sayhi:${sayId}`,
    });
    return { sayid: sayId };
  }

  /** Demo answers whose timer was lost (a restart, another process) are given when he looks. */
  private async answerOverdueDemo(memberId: string) {
    if (this.deps.autoReplyMs <= 0) return;
    for (const { sayId, anchorId } of await this.repo.overdueDemo(memberId, this.deps.autoReplyMs)) {
      await this.demoReply(sayId, anchorId).catch(() => undefined);
    }
  }

  private scheduleDemoReply(sayId: string, anchorId: string) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.demoReply(sayId, anchorId).catch((error: unknown) =>
        console.warn('[sayhi] demo reply failed:', error instanceof Error ? error.message : error),
      );
    }, this.deps.autoReplyMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async demoReply(sayId: string, anchorId: string) {
    const record = await this.repo.get(sayId);
    if (!record || record.respondedAt) return;
    const text = DEMO_RESPONSES[record.greeting % DEMO_RESPONSES.length] as string;
    await this.respond(anchorId, sayId, fillSayHi(text, { name: record.memberNickname }));
  }

  close() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
