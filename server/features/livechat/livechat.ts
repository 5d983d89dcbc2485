/**
 * Live chat ("Chat Now"): a member starts a chat with an online broadcaster, lines go both ways
 * over the realtime socket (each through the live-chat text filter, stored per pair), typing and
 * read marks travel to the other side, either side ends it, and every started minute is paid
 * (livechat-billing.ts) until he has nothing left (-4) or she goes offline (-2). Every process
 * ticks every open chat: the database decides who pays a minute, and whoever ends a chat tells both.
 *
 * Seams for later sessions: the live-chat engine's automatic invitations start chats through
 * `start` (with the invite type; cam 1 picks timer_gold_public), and her camera joins through the
 * live rooms' SFU; nothing here assumes a text-only chat beyond the rate's key.
 */
import { randomUUID } from 'node:crypto';
import { Errno, Messages } from '../../../protocol/errors';
import {
  INVITE_TYPE_CHAT,
  LIVECHAT_IDLE_END_MS,
  LIVECHAT_MESSAGE_MAX,
  type LiveChatChargeNotice,
  LiveChatCode,
  LiveChatEnd,
  LiveChatErrno,
  LiveChatEvent,
  type LiveChatLine,
  type LiveChatPeer,
  type LiveChatReadNotice,
  type LiveChatSession,
  type LiveChatSource,
  LiveChatText,
  type LiveChatTimer,
  type LiveChatTypingNotice,
  type LiveChatUser,
  livechatLength,
  RECENT_CHATS_KEEP_MS,
  rateHundredths,
  timerFor,
} from '../../../protocol/livechat/livechat';
import { type ChatminNotice, EventRoute } from '../../../protocol/realtime';
import { filterChatText } from '../../../protocol/text-filter';
import type { Caller } from '../../core/caller';
import { ApiError, notFound } from '../../core/errors';
import { TickLoop } from '../../core/tick-loop';
import type { Notifier } from '../../realtime/deliver';
import type { Presence } from '../../realtime/presence';
import type { Db, StorageRepositories } from '../../storage/contract';
import type { EarnIntimacy } from '../intimacy';
import { creditOf, notifyCredit } from '../money';
import type { RoomModeration } from '../room-moderation';
import { mayReadMember } from '../session';
import { type MinuteOutcome, type PaidMinute, payDueMinutes, payMinute } from './livechat-billing';
import type { LiveChatCamera } from './livechat-camera';
import { type ChatRow, type LineRow, livechatRepository } from './livechat-repository';

export interface LiveChatDeps {
  db: Db;
  repos: StorageRepositories;
  notifier: Notifier;
  presence: Presence;
  /** A minute took one of his chat vouchers: his header counts change. */
  vouchersChanged: (userid: string) => Promise<void>;
  /** How often open chats are billed (the live rooms' tick), and the clock (tests move it). */
  tickMs: number;
  now?: () => number;
  /** TEST_CLOCK (tests only): the chat clock may be moved on (LiveChatApi.devNextMinute). */
  testClock?: boolean;
  /** Each paid chat minute earns Intimacy with her (server/features/intimacy). */
  earnIntimacy?: EarnIntimacy;
  /** The rates a minute, from configuration (the money keys timer_*); the protocol's defaults otherwise. */
  rates?: Record<LiveChatTimer, number>;
  /** Her bans (server/features/room-moderation): a member she banned cannot open a chat with her. */
  moderation?: Pick<RoomModeration, 'mayEnter' | 'whenBanned'>;
}

export type ChatCaller = Caller;

const seconds = (d: Date | undefined) => (d ? Math.floor(d.getTime() / 1000) : 0);
const noChat = () => new ApiError(LiveChatErrno.NO_CHAT, LiveChatText.noChat);
export const offline = () => new ApiError(LiveChatCode.OFFLINE, LiveChatText.offline);
const noMoney = () => new ApiError(LiveChatCode.NO_MONEY, LiveChatText.noMoney);

export class LiveChatService {
  readonly rows: ReturnType<typeof livechatRepository>;
  /** Her camera in the chats (livechat-camera.ts): closed when a chat ends, shown in the session. */
  camera?: LiveChatCamera;
  private readonly loop: TickLoop;

  /** The configured rates a minute (the camera's rate too). */
  get rates(): Record<LiveChatTimer, number> | undefined {
    return this.deps.rates;
  }

  constructor(private readonly deps: LiveChatDeps) {
    this.rows = livechatRepository(deps.db);
    // A failed tick (the database away) is retried by the next one; it must not end the process.
    this.loop = new TickLoop(
      () =>
        this.tick().catch((error: unknown) =>
          console.warn('[livechat] tick:', error instanceof Error ? error.message : error),
        ),
      deps.tickMs,
    );
    // Her ban ends the chat she has open with him, as if she had pressed End.
    deps.moderation?.whenBanned(async (anchorId, memberId) => {
      const open = await this.rows.openOf(memberId, anchorId);
      if (open) await this.endChat({ userid: anchorId, role: 'lady' }, open.chatId);
    });
  }

  private now() {
    return this.deps.now?.() ?? Date.now();
  }

  /** Starts billing; the returned function stops it. */
  start(): () => Promise<void> {
    this.loop.start();
    return () => this.loop.stop();
  }

  /** A member opens a chat with her (or resumes the one open): its first minute is paid now. */
  async startChat(
    memberId: string,
    anchorId: string,
    inviteType = INVITE_TYPE_CHAT,
  ): Promise<LiveChatSession> {
    const { repos } = this.deps;
    const member = await repos.members.find(memberId);
    if (!member) throw notFound();
    if (!member.livechatSend) throw new ApiError(LiveChatErrno.SEND_OFF, LiveChatText.sendOff);
    const anchor = await repos.anchors.find(anchorId);
    if (!anchor) throw notFound();
    await this.deps.moderation?.mayEnter(anchor.userid, memberId);
    if (!(await this.isOnline(anchorId))) throw offline();
    if (!(await this.rows.anchorAccepts(anchorId)))
      throw new ApiError(LiveChatErrno.ANCHOR_REFUSES, LiveChatText.anchorRefuses);
    const open = await this.rows.openOf(memberId, anchorId);
    if (open) {
      await this.rows.heard([open.chatId], new Date(this.now()));
      return this.session(open);
    }
    const timer: LiveChatTimer = timerFor(member.isPaidMember, inviteType);
    const rate = rateHundredths(timer, this.deps.rates);
    const chatId = `LC${randomUUID()}`;
    const startedAt = new Date(this.now());
    await this.rows.insert({ chatId, memberId, anchorId, timer, rate, startedAt });
    const first = await payMinute(this.deps.db, chatId, 1, startedAt);
    if (first.status !== 'paid') {
      await this.rows.end(chatId, LiveChatCode.NO_MONEY, startedAt);
      throw noMoney();
    }
    const chat = await this.rows.find(chatId);
    if (!chat) throw noChat();
    const session = await this.session(chat);
    await this.tellBoth(chat, LiveChatEvent.status, session);
    await this.tellPaid(first.paid);
    return session;
  }

  /** Either side ends it; both sides are told. */
  async endChat(caller: ChatCaller, chatId: string): Promise<LiveChatSession> {
    const chat = await this.partyOf(caller, chatId);
    const code = caller.role === 'man' ? LiveChatEnd.BY_MEMBER : LiveChatEnd.BY_ANCHOR;
    const closed = await this.rows.end(chatId, code, new Date(this.now()));
    this.camera?.ended(chatId);
    if (closed) {
      const ended = await this.rows.find(chatId);
      if (ended) {
        const session = await this.session(ended);
        await this.tellBoth(ended, LiveChatEvent.status, session);
        return session;
      }
    }
    return this.session((await this.rows.find(chatId)) ?? chat);
  }

  /** A line: checked, filtered, stored once per key, sent to both sides' tabs. */
  async send(caller: ChatCaller, chatId: string, content: string, msgKey: string): Promise<LiveChatLine> {
    const chat = await this.partyOf(caller, chatId, true);
    if (content.trim() === '') throw new ApiError(LiveChatErrno.EMPTY, LiveChatText.empty);
    if (livechatLength(content) > LIVECHAT_MESSAGE_MAX)
      throw new ApiError(LiveChatErrno.TOO_LONG, LiveChatText.tooLong);
    const stored = await this.rows.addLine({
      chatId,
      memberId: chat.memberId,
      anchorId: chat.anchorId,
      fromId: caller.userid,
      content: filterChatText(content),
      msgKey,
      sendTime: new Date(this.now()),
    });
    if (caller.role === 'man') await this.rows.heard([chatId], new Date(this.now()));
    const line = toLine(stored);
    await this.tellBoth(chat, LiveChatEvent.message, line);
    return line;
  }

  async typing(caller: ChatCaller, chatId: string, typing: 0 | 1): Promise<void> {
    const chat = await this.partyOf(caller, chatId, true);
    const notice: LiveChatTypingNotice = { chat_id: chatId, from_id: caller.userid, typing };
    await this.deps.notifier.deliver(otherOf(chat, caller), LiveChatEvent.typing, notice);
  }

  async read(caller: ChatCaller, chatId: string, msgId: number): Promise<void> {
    const chat = await this.partyOf(caller, chatId);
    await this.rows.setRead(chatId, caller.role === 'man' ? 'member' : 'anchor', msgId);
    const notice: LiveChatReadNotice = { chat_id: chatId, reader_id: caller.userid, msg_id: msgId };
    await this.tellBoth(chat, LiveChatEvent.read, notice);
  }

  /** Engine login (9) and heartbeat (911): the caller's open chats; his window is heard. */
  async openChats(caller: ChatCaller): Promise<{ list: LiveChatSession[] }> {
    const chats = (
      await this.rows.listOf(caller.userid, caller.role === 'man' ? 'man' : 'lady', new Date(0))
    ).filter((c) => !c.endedAt);
    if (caller.role === 'man')
      await this.rows.heard(
        chats.map((c) => c.chatId),
        new Date(this.now()),
      );
    return { list: await Promise.all(chats.map((c) => this.session(c))) };
  }

  /** Open chats and the ones ended in the last 10 minutes (her workspace, his recent chats). */
  async chatList(caller: ChatCaller): Promise<{ list: LiveChatSession[] }> {
    const since = new Date(this.now() - RECENT_CHATS_KEEP_MS);
    const chats = await this.rows.listOf(caller.userid, caller.role === 'man' ? 'man' : 'lady', since);
    return { list: await Promise.all(chats.map((c) => this.session(c))) };
  }

  /** Engine user info (10): name, photo and status of a broadcaster, or of a member the caller may see. */
  async userInfo(caller: ChatCaller, userid: string): Promise<LiveChatUser> {
    const member = await this.deps.repos.members.find(userid);
    if (member && !mayReadMember(caller, userid)) throw notFound();
    if (member) return { ...(await this.peer(userid)), role: 'man' };
    const anchor = await this.deps.repos.anchors.find(userid);
    if (!anchor) throw notFound();
    return { ...(await this.peer(userid)), role: 'lady' };
  }

  /** The pair's lines older than `beforeId`, oldest first (the caller must be one of the pair). */
  async history(caller: ChatCaller, withId: string, beforeId: number, step: number) {
    const [memberId, anchorId] = caller.role === 'man' ? [caller.userid, withId] : [withId, caller.userid];
    const rows = await this.rows.lines(memberId, anchorId, beforeId, step);
    return { list: rows.reverse().map(toLine), more: rows.length >= step ? 1 : 0 };
  }

  /** The chat clock (tests only): the chat's next minute falls due now, and is paid. */
  async nextMinute(caller: ChatCaller, chatId: string): Promise<LiveChatSession> {
    if (!this.deps.testClock) throw new ApiError(Errno.UNKNOWN_PATH, Messages.invalidParams);
    await this.partyOf(caller, chatId, true);
    await this.rows.shiftMinute(chatId);
    await this.tick();
    const chat = await this.rows.find(chatId);
    if (!chat) throw noChat();
    return this.session(chat);
  }

  /** Pays due minutes, ends chats that cannot pay (-4), whose broadcaster left (-2) or nobody hears. */
  async tick(): Promise<MinuteOutcome[]> {
    const now = this.now();
    const outcomes = await payDueMinutes(this.deps.db, now);
    for (const outcome of outcomes) {
      if (outcome.status === 'paid') await this.tellPaid(outcome.paid);
      if (outcome.status === 'lacking') {
        const member = await this.deps.repos.members.find(outcome.memberId);
        if (member) await notifyCredit(this.deps.notifier, member.userid, member.creditHundredths);
        await this.tellEnded(outcome.chatId);
      }
    }
    for (const chat of await this.rows.endUnheard(
      new Date(now - LIVECHAT_IDLE_END_MS),
      LiveChatEnd.IDLE,
      new Date(now),
    ))
      await this.tellEnded(chat.chatId);
    await this.endWhereAnchorLeft(now);
    await this.camera?.sweep();
    return outcomes;
  }

  private async endWhereAnchorLeft(now: number) {
    const open = await this.deps.db.query<{ chat_id: string; anchor_id: string }>(
      'SELECT chat_id, anchor_id FROM livechat_sessions WHERE ended_at IS NULL',
    );
    for (const row of open) {
      if (await this.isOnline(row.anchor_id)) continue;
      if (await this.rows.end(row.chat_id, LiveChatCode.OFFLINE, new Date(now)))
        await this.tellEnded(row.chat_id);
    }
  }

  /** Online for chat: shown online (not offline, not suspended) and her workspace connected. */
  private async isOnline(anchorId: string): Promise<boolean> {
    const anchor = await this.deps.repos.anchors.find(anchorId);
    if (!anchor || anchor.state === 'offline' || anchor.accountStatus === 3) return false;
    return this.deps.presence.isOnline(anchorId);
  }

  private async tellEnded(chatId: string) {
    this.camera?.ended(chatId);
    const chat = await this.rows.find(chatId);
    if (chat) await this.tellBoth(chat, LiveChatEvent.status, await this.session(chat));
  }

  /** The member hears what paid the minute, and his balance that moved. */
  private async tellPaid(paid: PaidMinute) {
    const { notifier } = this.deps;
    // The chat's key with its minutes so far: each minute counts once, whoever paid it.
    await this.deps.earnIntimacy?.({
      memberId: paid.memberId,
      anchorId: paid.anchorId,
      source: 'liveChatMinute',
      key: `livechat:${paid.chatId}`,
      units: paid.minute,
    });
    const member = await this.deps.repos.members.find(paid.memberId);
    if (!member) return;
    const [tickets, vouchers] = await Promise.all([
      this.rows.ticketCount(paid.memberId),
      this.deps.repos.vouchers.counts(paid.memberId),
    ]);
    const notice: LiveChatChargeNotice = {
      chat_id: paid.chatId,
      minute: paid.minute,
      source: paid.source,
      credit: creditOf(member.creditHundredths),
      chatmin: member.chatmin,
      tickets,
      vouchers: vouchers.chat_voucher_num,
    };
    await notifier.deliver(paid.memberId, LiveChatEvent.charge, notice);
    if (paid.source === 'credit') await notifyCredit(notifier, paid.memberId, member.creditHundredths);
    if (paid.source === 'chatmin')
      await notifier.deliver(paid.memberId, EventRoute.chatmin, {
        chatmin: member.chatmin,
      } satisfies ChatminNotice);
    if (paid.source === 'voucher') await this.deps.vouchersChanged(paid.memberId);
  }

  private async tellBoth(chat: ChatRow, route: string, data: unknown) {
    await Promise.all([
      this.deps.notifier.deliver(chat.memberId, route, data),
      this.deps.notifier.deliver(chat.anchorId, route, data),
    ]);
  }

  /** The chat, if the caller is one of its pair (and, with `open`, it has not ended). */
  private async partyOf(caller: ChatCaller, chatId: string, open = false): Promise<ChatRow> {
    const chat = await this.rows.find(chatId);
    const mine = chat && (caller.role === 'man' ? chat.memberId : chat.anchorId) === caller.userid;
    if (!chat || !mine || (open && chat.endedAt)) throw noChat();
    return chat;
  }

  private async peer(userid: string): Promise<LiveChatPeer> {
    const { repos } = this.deps;
    const member = await repos.members.find(userid);
    if (member) {
      const online = await this.deps.presence.isOnline(userid);
      return { userid, nickname: member.nickname, photourl: member.photourl, status: online ? 1 : 0 };
    }
    const anchor = await repos.anchors.find(userid);
    return {
      userid,
      nickname: anchor?.nickname ?? userid,
      photourl: anchor?.photourl ?? '',
      status: (await this.isOnline(userid)) ? 1 : 0,
    };
  }

  async session(chat: ChatRow): Promise<LiveChatSession> {
    const [member, anchor] = await Promise.all([this.peer(chat.memberId), this.peer(chat.anchorId)]);
    return {
      chat_id: chat.chatId,
      member,
      anchor,
      started_at: seconds(chat.startedAt),
      ended_at: seconds(chat.endedAt),
      end_code: chat.endCode,
      timer: chat.timer as LiveChatTimer,
      price: creditOf(chat.rate),
      minutes: chat.minutesPaid,
      source: chat.lastSource as LiveChatSource | '',
      member_read_id: chat.memberReadId,
      anchor_read_id: chat.anchorReadId,
      camera: !chat.endedAt && (await this.camera?.isOn(chat.chatId)) ? 1 : 0,
    };
  }
}

const otherOf = (chat: ChatRow, caller: ChatCaller) =>
  caller.role === 'man' ? chat.anchorId : chat.memberId;

export const toLine = (row: LineRow): LiveChatLine => ({
  chat_id: row.chatId,
  msg_id: row.msgId,
  from_id: row.fromId,
  to_id: row.fromId === row.memberId ? row.anchorId : row.memberId,
  msg: row.content,
  send_time: seconds(row.sendTime),
  msg_key: row.msgKey,
});
