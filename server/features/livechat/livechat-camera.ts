/**
 * Her camera in a live chat (protocol/livechat/livechat-camera.ts): she publishes into the chat's own SFU
 * room, the member receives it as a live room's viewer, the chat's rate follows the camera (a paid
 * member's minutes that start with it on are timer_gold_public), and the chat's end closes both at
 * once. The SFU is the live rooms' (embedded werift or Janus); nothing here handles media itself.
 */
import { Errno, Messages } from '../../../protocol/errors';
import { FaceIdText } from '../../../protocol/face-id/face-id';
import {
  INVITE_TYPE_CAM,
  INVITE_TYPE_CHAT,
  LiveChatErrno,
  LiveChatEvent,
  type LiveChatSession,
  LiveChatText,
  type LiveChatTimer,
  rateHundredths,
  timerFor,
} from '../../../protocol/livechat/livechat';
import {
  type ChatCameraWatch,
  chatCameraRoom,
  LiveChatCameraErrno,
  LiveChatCameraText,
} from '../../../protocol/livechat/livechat-camera';
import type { Caller as ChatCaller } from '../../core/caller';
import { ApiError } from '../../core/errors';
import type { Notifier } from '../../realtime/deliver';
import { type IceConfig, iceServersFor } from '../../sfu/ice';
import type { Sfu } from '../../sfu/sfu';
import type { Db, StorageRepositories } from '../../storage/contract';
import { described } from '../live';
import type { ChatRow, LivechatRepository } from './livechat-repository';

export interface ChatCameraDeps {
  db: Db;
  repos: StorageRepositories;
  sfu: Sfu;
  ice: IceConfig;
  notifier: Notifier;
  /** What the camera asks of live chat: its chats and one chat's session. */
  chats: {
    rows: Pick<LivechatRepository, 'find'>;
    session(chat: ChatRow): Promise<LiveChatSession>;
    /** The configured rates a minute (money keys timer_*). */
    readonly rates?: Record<LiveChatTimer, number>;
  };
  /** Her face-ID pass is valid now (the same check as going live). */
  faceVerified: (anchorId: string) => Promise<boolean>;
}

const noChat = () => new ApiError(LiveChatErrno.NO_CHAT, LiveChatText.noChat);

export class LiveChatCamera {
  /** Chats whose camera this process's SFU holds. */
  private readonly publishing = new Set<string>();
  /** His viewer of each chat's camera here, by chat. */
  private readonly viewers = new Map<string, string>();

  constructor(private readonly deps: ChatCameraDeps) {}

  /** She turns her camera on in an open chat of hers: her offer in, the SFU's answer out. */
  async turnOn(caller: ChatCaller, chatId: string, offer: string): Promise<{ sdp: string }> {
    const chat = await this.partyOf(caller, chatId, 'lady');
    if (!(await this.deps.faceVerified(caller.userid)))
      throw new ApiError(Errno.FACE_ID_REQUIRED, FaceIdText.required);
    const room = chatCameraRoom(chatId);
    const sdp = await described(
      this.deps.sfu.publish(room, offer, () => {
        // Her connection dropped (tab closed, network lost): as if she had turned it off.
        if (this.publishing.has(chatId)) void this.stop(chatId).catch(() => {});
      }),
    );
    this.publishing.add(chatId);
    // The chat may have ended while her offer was answered: nothing may stay open then.
    const now = await this.deps.chats.rows.find(chatId);
    if (!now || now.endedAt) {
      this.ended(chatId);
      throw noChat();
    }
    await this.setRate(chat, true);
    await this.tellStatus(chatId);
    return { sdp };
  }

  /** She turns it off: his video stops, the next minute takes the chat rate again. */
  async turnOff(caller: ChatCaller, chatId: string): Promise<Record<string, never>> {
    await this.partyOf(caller, chatId, 'lady', false);
    await this.stop(chatId);
    return {};
  }

  /** He receives her camera: the server's offer, answered by `answer`. */
  async watch(caller: ChatCaller, chatId: string): Promise<ChatCameraWatch> {
    await this.partyOf(caller, chatId, 'man');
    const room = chatCameraRoom(chatId);
    if (!(await this.deps.sfu.hasSource(room)))
      throw new ApiError(LiveChatCameraErrno.CAMERA_OFF, LiveChatCameraText.cameraOff);
    // One viewer per chat: a second window (or a retry) replaces the first.
    const earlier = this.viewers.get(chatId);
    if (earlier) this.deps.sfu.leave(earlier);
    const { viewerId, offer } = await this.deps.sfu.watch(room, () => {
      if (this.viewers.get(chatId) === viewerId) this.viewers.delete(chatId);
    });
    this.viewers.set(chatId, viewerId);
    return { viewer_id: viewerId, sdp: offer, ice_servers: iceServersFor(caller.userid, this.deps.ice) };
  }

  async answer(caller: ChatCaller, chatId: string, viewerId: string, sdp: string) {
    await this.partyOf(caller, chatId, 'man');
    if (this.viewers.get(chatId) !== viewerId) throw noChat();
    await described(this.deps.sfu.answer(viewerId, sdp));
    return {};
  }

  async leave(caller: ChatCaller, chatId: string, viewerId: string) {
    await this.partyOf(caller, chatId, 'man', false);
    if (this.viewers.get(chatId) === viewerId) {
      this.viewers.delete(chatId);
      this.deps.sfu.leave(viewerId);
    }
    return {};
  }

  /** Her camera feeds the chat now (asked of the SFU). */
  isOn(chatId: string): Promise<boolean> {
    return this.deps.sfu.hasSource(chatCameraRoom(chatId));
  }

  /** The chat ended: forwarding stops at once, her publication and his viewing close. */
  ended(chatId: string) {
    this.publishing.delete(chatId);
    this.viewers.delete(chatId);
    this.deps.sfu.close(chatCameraRoom(chatId));
  }

  /** Each billing tick: chats ended by another process close their camera here too. */
  async sweep() {
    for (const chatId of [...this.publishing]) {
      const chat = await this.deps.chats.rows.find(chatId);
      if (!chat || chat.endedAt) this.ended(chatId);
    }
  }

  private async stop(chatId: string) {
    const wasOn = this.publishing.delete(chatId) || (await this.isOn(chatId));
    this.viewers.delete(chatId);
    this.deps.sfu.close(chatCameraRoom(chatId));
    const chat = await this.deps.chats.rows.find(chatId);
    if (!chat || chat.endedAt || !wasOn) return;
    await this.setRate(chat, false);
    await this.tellStatus(chatId);
  }

  /** The rate of the minutes that start from now on (see the price decision in the protocol). */
  private async setRate(chat: ChatRow, camera: boolean) {
    const member = await this.deps.repos.members.find(chat.memberId);
    const timer = timerFor(Boolean(member?.isPaidMember), camera ? INVITE_TYPE_CAM : INVITE_TYPE_CHAT);
    await this.deps.db.query(
      'UPDATE livechat_sessions SET timer = $2, rate = $3 WHERE chat_id = $1 AND ended_at IS NULL',
      [chat.chatId, timer, rateHundredths(timer, this.deps.chats.rates)],
    );
  }

  /** Both sides hear the chat's state: camera on or off, and the rate. */
  private async tellStatus(chatId: string) {
    const chat = await this.deps.chats.rows.find(chatId);
    if (!chat) return;
    const session = await this.deps.chats.session(chat);
    await Promise.all([
      this.deps.notifier.deliver(chat.memberId, LiveChatEvent.status, session),
      this.deps.notifier.deliver(chat.anchorId, LiveChatEvent.status, session),
    ]);
  }

  /** The chat, if the caller is its broadcaster (lady) or member (man), and open unless `open` false. */
  private async partyOf(caller: ChatCaller, chatId: string, role: 'man' | 'lady', open = true) {
    if (caller.role !== role) throw new ApiError(Errno.FORBIDDEN, Messages.forbidden);
    const chat = await this.deps.chats.rows.find(chatId);
    const mine = chat && (role === 'man' ? chat.memberId : chat.anchorId) === caller.userid;
    if (!chat || !mine || (open && chat.endedAt)) throw noChat();
    return chat;
  }
}
