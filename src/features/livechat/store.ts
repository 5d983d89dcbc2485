/**
 * Live chat's client state: the chats this window shows (both sides), their lines (the newest 50 on
 * screen, older from history), typing and read marks, and what paid the latest minute. Socket
 * events update it in every tab; the engine's heartbeat (911) runs every 30 s while a chat is open,
 * and every 3 s the reconnect check sees whether the socket came back, then logs in again (9) and
 * reloads what was missed. Recent chats go to IndexedDB so /livechat shows them offline.
 */
import { proxy } from 'valtio';
import {
  LIVECHAT_HEARTBEAT_MS,
  LIVECHAT_RECONNECT_CHECK_MS,
  LIVECHAT_TYPING_MS,
  type LiveChatChargeNotice,
  LiveChatCode,
  LiveChatEvent,
  type LiveChatLine,
  type LiveChatReadNotice,
  LiveChatRoute,
  type LiveChatSession,
  type LiveChatTypingNotice,
} from '../../../protocol/livechat/livechat';
import { saveRecentChat } from '../../db/livechat';
import { realtime } from '../../realtime';
import { balancesState } from '../../state/balances';
import { refreshBalance } from '../payments/purchase';
import { getChatHistory, getChatList } from './api';
import { mergeLines } from './rules';

export interface ChatView {
  session: LiveChatSession;
  lines: LiveChatLine[];
  /** More lines before the first on screen. */
  more: boolean;
  pagedBack: boolean;
  /** The other side's typing is shown until this time (ms); 0 none. */
  typingUntil: number;
  charge?: LiveChatChargeNotice;
}

export const livechatState = proxy({
  owner: '',
  chats: {} as Record<string, ChatView>,
  /** The socket is down and the reconnect check is waiting for it. */
  reconnecting: false,
});

const upsert = (session: LiveChatSession) => {
  const view = livechatState.chats[session.chat_id];
  if (view) view.session = session;
  else
    livechatState.chats[session.chat_id] = {
      session,
      lines: [],
      more: false,
      pagedBack: false,
      typingUntil: 0,
    };
  return livechatState.chats[session.chat_id] as ChatView;
};

const remember = (view: ChatView) => {
  if (!livechatState.owner) return;
  void saveRecentChat({
    key: `${livechatState.owner}:${view.session.chat_id}`,
    owner: livechatState.owner,
    chatId: view.session.chat_id,
    session: view.session,
    lines: view.lines.slice(-50),
    at: Date.now(),
  });
};

const peerOf = (s: LiveChatSession) =>
  livechatState.owner === s.member.userid ? s.anchor.userid : s.member.userid;

/** Shows a chat and its latest lines (from history, so a reload finds what was said). */
export async function showChat(session: LiveChatSession) {
  const view = upsert(session);
  const page = await getChatHistory(peerOf(session));
  view.lines = mergeLines(view.lines, page.list);
  view.more = page.more === 1;
  remember(view);
}

/** One page further back. */
export async function loadOlder(chatId: string) {
  const view = livechatState.chats[chatId];
  const first = view?.lines[0];
  if (!view || !first) return;
  const page = await getChatHistory(peerOf(view.session), first.msg_id);
  view.lines = mergeLines(view.lines, page.list, true);
  view.more = page.more === 1;
  view.pagedBack = true;
}

let keyCount = 0;
const lineKey = () =>
  `lc-${Date.now().toString(36)}-${(keyCount++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Sends a line; the answer is the stored (filtered) line. */
export async function sendLine(chatId: string, content: string): Promise<LiveChatLine> {
  const line = await realtime.request<LiveChatLine>(LiveChatRoute.sendMessage, {
    chat_id: chatId,
    content,
    msg_key: lineKey(),
  });
  const view = livechatState.chats[chatId];
  if (view) {
    view.lines = mergeLines(view.lines, [line], view.pagedBack);
    remember(view);
  }
  return line;
}

export const sendTyping = (chatId: string, typing: 0 | 1) =>
  realtime.request(LiveChatRoute.typing, { chat_id: chatId, typing }).catch(() => undefined);

/** Marks the newest line from the other side read. */
export function markRead(chatId: string) {
  const view = livechatState.chats[chatId];
  if (!view || view.session.ended_at) return;
  const mine = livechatState.owner === view.session.member.userid ? 'member_read_id' : 'anchor_read_id';
  const newest = [...view.lines].reverse().find((l) => l.from_id !== livechatState.owner);
  if (!newest || newest.msg_id <= view.session[mine]) return;
  view.session[mine] = newest.msg_id;
  void realtime
    .request(LiveChatRoute.read, { chat_id: chatId, msg_id: newest.msg_id })
    .catch(() => undefined);
}

/** Her workspace (and his recent list): the chats open now or ended in the last 10 minutes. */
export async function loadChatList() {
  const { list } = await getChatList();
  for (const session of list) upsert(session);
  return list;
}

function onMessage(line: LiveChatLine) {
  const view = livechatState.chats[line.chat_id];
  if (!view) {
    // A chat this window does not show yet (her workspace hears a new one): read it in.
    void loadChatList().catch(() => undefined);
    return;
  }
  view.lines = mergeLines(view.lines, [line], view.pagedBack);
  if (line.from_id !== livechatState.owner) view.typingUntil = 0;
  remember(view);
}

function onStatus(session: LiveChatSession) {
  const view = upsert(session);
  if (session.end_code === LiveChatCode.NO_MONEY && livechatState.owner === session.member.userid)
    void refreshBalance();
  remember(view);
}

function onCharge(notice: LiveChatChargeNotice) {
  const view = livechatState.chats[notice.chat_id];
  if (view) {
    view.charge = notice;
    view.session.minutes = Math.max(view.session.minutes, notice.minute);
    view.session.source = notice.source;
  }
  balancesState.chatmin = notice.chatmin;
  balancesState.credit = notice.credit;
}

let installed = false;
let heartbeat: ReturnType<typeof setInterval> | undefined;
let reconnectCheck: ReturnType<typeof setInterval> | undefined;

const openChatIds = () =>
  Object.values(livechatState.chats)
    .filter((v) => !v.session.ended_at)
    .map((v) => v.session.chat_id);

/** Engine login (9) after a reconnect: the open chats as the server has them, and missed lines. */
async function relogin() {
  const { list } = await realtime.request<{ list: LiveChatSession[] }>(LiveChatRoute.login, {});
  const open = new Set(list.map((s) => s.chat_id));
  for (const session of list) await showChat(session);
  // Chats that ended while away: their final state.
  if (openChatIds().some((id) => !open.has(id))) await loadChatList();
}

/** Starts listening (idempotent) for the owner (the signed-in member or broadcaster). */
export function installLiveChat(owner: string): () => void {
  livechatState.owner = owner;
  if (installed) return () => {};
  installed = true;
  const offs = [
    realtime.on<LiveChatLine>(LiveChatEvent.message, onMessage),
    realtime.on<LiveChatSession>(LiveChatEvent.status, onStatus),
    realtime.on<LiveChatChargeNotice>(LiveChatEvent.charge, onCharge),
    realtime.on<LiveChatTypingNotice>(LiveChatEvent.typing, (n) => {
      const view = livechatState.chats[n.chat_id];
      if (view) view.typingUntil = n.typing ? Date.now() + LIVECHAT_TYPING_MS : 0;
    }),
    realtime.on<LiveChatReadNotice>(LiveChatEvent.read, (n) => {
      const view = livechatState.chats[n.chat_id];
      if (!view || n.reader_id === livechatState.owner) return;
      const theirs = livechatState.owner === view.session.member.userid ? 'anchor_read_id' : 'member_read_id';
      view.session[theirs] = Math.max(view.session[theirs], n.msg_id);
    }),
  ];
  // Engine heartbeat (911): while a chat is open, so the server knows this window is there.
  heartbeat = setInterval(() => {
    if (openChatIds().length > 0) void realtime.request(LiveChatRoute.heartbeat, {}).catch(() => undefined);
  }, LIVECHAT_HEARTBEAT_MS);
  // Reconnect check every 3 s: a socket that came back logs the chat in again.
  reconnectCheck = setInterval(() => {
    const down = realtime.status !== 'online';
    if (down && openChatIds().length > 0) livechatState.reconnecting = true;
    else if (!down && livechatState.reconnecting) {
      livechatState.reconnecting = false;
      void relogin().catch(() => {
        livechatState.reconnecting = true;
      });
    }
  }, LIVECHAT_RECONNECT_CHECK_MS);
  return () => {
    for (const off of offs) off();
    clearInterval(heartbeat);
    clearInterval(reconnectCheck);
    installed = false;
  };
}
