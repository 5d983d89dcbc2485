/** Live chat's pure rules: the recent list, the line buffer, how Chat Now opens, what ended a chat. */
import {
  LIVECHAT_BUFFER,
  LiveChatCode,
  LiveChatEnd,
  type LiveChatLine,
  type LiveChatSession,
  LiveChatText,
  RECENT_CHATS_KEEP_MS,
  RECENT_CHATS_MAX,
} from '../../../protocol/livechat/livechat';

/** Spec 001 §4: recent chats kept 10 minutes, at most 24, newest first. */
export function keepRecentChats<T extends { at: number }>(chats: readonly T[], now: number): T[] {
  return chats
    .filter((c) => now - c.at < RECENT_CHATS_KEEP_MS)
    .sort((a, b) => b.at - a.at)
    .slice(0, RECENT_CHATS_MAX);
}

/**
 * Lines on screen: merged by msg_id (a line heard on the socket and in its answer is one), oldest
 * first, the newest LIVECHAT_BUFFER kept unless the member paged back (`keepOlder`).
 */
export function mergeLines(
  current: readonly LiveChatLine[],
  incoming: readonly LiveChatLine[],
  keepOlder = false,
) {
  const byId = new Map<number, LiveChatLine>();
  for (const line of [...current, ...incoming]) byId.set(line.msg_id, line);
  const all = [...byId.values()].sort((a, b) => a.msg_id - b.msg_id);
  return keepOlder ? all : all.slice(-LIVECHAT_BUFFER);
}

// Its own module: the shell's Chat Now links need only this, not the chat's rules.
export { opensInWindow, type WindowTraits } from './window-rule';

/** Why a chat ended, as the member or the broadcaster reads it. */
export function endedText(session: Pick<LiveChatSession, 'end_code'>, role: 'man' | 'lady'): string {
  switch (session.end_code) {
    case LiveChatCode.OFFLINE:
      return role === 'man' ? LiveChatText.offline : 'The chat ended because you went offline.';
    case LiveChatCode.NO_MONEY:
      return role === 'man' ? LiveChatText.noMoney : 'The chat ended: he has no credits left.';
    case LiveChatEnd.BY_MEMBER:
      return role === 'man' ? LiveChatText.endedByMember : 'He ended the chat.';
    case LiveChatEnd.BY_ANCHOR:
      return role === 'man' ? LiveChatText.endedByAnchor : 'You ended the chat.';
    case LiveChatEnd.IDLE:
      return LiveChatText.endedIdle;
    default:
      return 'The chat has ended.';
  }
}

/** 'mm:ss' of a chat open `seconds`. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A chat he could not pay for, kept across an in-place checkout and offered again (ContinueOffer). */
export const LIVECHAT_ACTION = 'livechat';

export const chatAction = (nickname: string, anchorId: string) => ({
  kind: LIVECHAT_ACTION,
  label: `Chat with ${nickname}`,
  params: { anchorId },
});
