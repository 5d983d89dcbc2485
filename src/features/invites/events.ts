/**
 * What each realtime event becomes (spec 000 §7, 001 §2): a bubble shown at once ("direct"), or a
 * candidate for the invite queue ("queued", behind the display check). Payloads are read
 * leniently: the spec names the fields, not every spelling.
 */
import { LiveChatInviteEvent } from '../../../protocol/livechat/livechat-invites';
import { type BubbleType, EventRoute, type InviteData } from '../../../protocol/realtime';
import type { RecentInvite } from './api';
import type { QueueKind } from './queue';
import { bubbleIdOf } from './rules';

export type Arrival =
  | { route: 'direct'; type: BubbleType; id: string; data: InviteData }
  | { route: 'queued'; queue: QueueKind; id: string; data: InviteData };

type Raw = Record<string, unknown>;

const str = (value: unknown) => (value == null ? '' : String(value));
const isRaw = (value: unknown): value is Raw => typeof value === 'object' && value !== null;

/** The common fields under either spelling (nick_name / nickname / anchor_nickname, ...). */
export function inviteData(raw: Raw): InviteData {
  return {
    ...(raw as Partial<InviteData>),
    anchor_id: str(raw.anchor_id ?? raw.anchorid ?? raw.anchorId ?? raw.userid),
    nick_name: str(raw.nick_name ?? raw.nickname ?? raw.anchor_nickname),
    photourl: str(raw.photourl ?? raw.anchor_avatar ?? raw.avatar),
  } as InviteData;
}

const direct = (type: BubbleType, data: InviteData, id = bubbleIdOf(data)): Arrival | null =>
  id ? { route: 'direct', type, id, data } : null;

const queued = (queue: QueueKind, data: InviteData): Arrival | null => {
  const id = str(data.autoInvitationId || data.invite_id || data.log_id);
  return id ? { route: 'queued', queue, id, data } : null;
};

/** A booking notice: `{type, data}` or the fields with their type beside them. */
function bookingNotice(raw: Raw): Arrival | null {
  const inner = isRaw(raw.data) ? raw.data : raw;
  const type: BubbleType = raw.type === 'requestWillStart' ? 'requestWillStart' : 'askRequest';
  const data = inviteData(inner);
  const id =
    type === 'requestWillStart' ? `willStart:${str(data.roomid || data.invite_id)}` : bubbleIdOf(data);
  return direct(type, data, id);
}

/** imMan/showToStartNotice: type, show_info, msg. */
function showToStart(raw: Raw): Arrival | null {
  const info = isRaw(raw.show_info) ? raw.show_info : raw;
  const data: InviteData = {
    ...inviteData(info),
    live_show_id: str(info.live_show_id),
    cover: str(info.cover),
    msg: str(raw.msg ?? info.show_title),
  };
  return direct('showToStartNotice', data, data.live_show_id ? `show:${data.live_show_id}` : '');
}

/** imShare/scheStartNotice: a scheduled One-on-One is starting (anchor_id, anchor_nickname, anchor_avatar). */
function scheduleStart(raw: Raw): Arrival | null {
  const data = inviteData(raw);
  const key = str(data.roomid || data.invite_id || `${data.anchor_id}:${str(raw.book_time)}`);
  return direct('requestWillStart', { ...data, roomid: data.roomid || key }, `willStart:${key}`);
}

export function arrivalOf(route: string, payload: unknown): Arrival | null {
  if (!isRaw(payload)) return null;
  switch (route) {
    case EventRoute.instantInvite:
      return direct('askPrivate', inviteData(payload));
    case EventRoute.publicInvite: {
      const data = inviteData(payload);
      return direct('viewPublic', data, str(data.log_id || data.invite_id));
    }
    case EventRoute.scheduledInvite:
      return direct('askRequest', inviteData(payload));
    case EventRoute.autoInvitePublic:
      return queued('public', inviteData(payload));
    case EventRoute.autoInvitePrivate:
      return queued('private', inviteData(payload));
    case EventRoute.hangoutInvite:
      return queued('hangout', inviteData(payload));
    case EventRoute.bookingNotice:
      return bookingNotice(payload);
    case EventRoute.scheduleStart:
      return scheduleStart(payload);
    case EventRoute.manShowToStart:
      return showToStart(payload);
    case LiveChatInviteEvent.invite:
      return direct('livechatnotice', inviteData(payload));
    default:
      return null;
  }
}

/** The member's routes the store listens to. */
export const MEMBER_EVENT_ROUTES = [
  EventRoute.instantInvite,
  EventRoute.publicInvite,
  EventRoute.scheduledInvite,
  EventRoute.autoInvitePublic,
  EventRoute.autoInvitePrivate,
  EventRoute.hangoutInvite,
  EventRoute.bookingNotice,
  EventRoute.scheduleStart,
  EventRoute.manShowToStart,
  LiveChatInviteEvent.invite,
] as const;

const QUEUE_OF: Partial<Record<BubbleType, QueueKind>> = {
  autoInvitePublic: 'public',
  autoInvitePrivate: 'private',
  hangoutInvite: 'hangout',
};

/** An invitation from getRecentInvites (sent while the member was away) as an arrival. */
export function arrivalOfRecent(item: RecentInvite): Arrival | null {
  if (!isRaw(item) || !isRaw(item.data)) return null;
  const data = inviteData(item.data);
  const queue = QUEUE_OF[item.type];
  if (queue) return queued(queue, data);
  if (item.type === 'viewPublic') return direct('viewPublic', data, str(data.log_id || data.invite_id));
  if (item.type === 'showToStartNotice') return showToStart(item.data);
  if (item.type === 'requestWillStart') return bookingNotice({ type: item.type, data: item.data });
  return direct(item.type, data);
}
