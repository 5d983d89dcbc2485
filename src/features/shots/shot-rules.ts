/**
 * The shots' rules on the member's side (spec 001 §4, §5, §8): the profile's filter, the comment
 * box's check and texts, HTML to plain text, the refusal texts of the shot-comment box, and a shot
 * as the shared viewer shows it.
 */
import { MAX_SHOT_COMMENT_LENGTH } from '../../../protocol/constants';
import { Errno } from '../../../protocol/errors';
import { MessageErrno, MessageTexts, messageLength } from '../../../protocol/messages/messages';
import { PROFILE_SHOTS_MAX, type Shot, ShotMessages } from '../../../protocol/shots/shots';
import type { ViewerItem } from '../media-viewer';

/** The profile shows only shots with is_show_profile 1, at most 4 (spec 001 §5). */
export const profileShots = (list: readonly Shot[]) =>
  list.filter((s) => s.is_show_profile === 1).slice(0, PROFILE_SHOTS_MAX);

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/**
 * Content converted from HTML to plain text before sending (spec 001 §5): line breaks for <br> and
 * block ends, tags dropped, the common entities decoded, runs of spaces folded. Plain text without
 * markup comes back as it was.
 */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/?\s*(p|div|li|h[1-6])\b[^>]*>/gi, '\n')
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return lower === '#39' ? "'" : String.fromCodePoint(Number(lower.slice(1)));
      return ENTITIES[lower] ?? whole;
    })
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The comment box's own check: 'Please write something.' / 'Information length is not standard.'. */
export function commentCheck(content: string): string | undefined {
  if (content.trim() === '') return ShotMessages.commentRequired;
  if (messageLength(content) > MAX_SHOT_COMMENT_LENGTH) return ShotMessages.commentLength;
  return undefined;
}

/** 'n / 140'. */
export const commentCounter = (content: string) => `${messageLength(content)} / ${MAX_SHOT_COMMENT_LENGTH}`;

/** How a refused comment reads in the shot-comment box (spec 001 §8): text, and whether to add credits. */
export function commentRefusal(
  error: { errno: number; offline?: boolean },
  nickname: string,
): { text: string; addCredits?: true } {
  if (error.offline || error.errno === Errno.TIMEOUT) return { text: ShotMessages.commentFailed };
  switch (error.errno) {
    case MessageErrno.INTIMACY:
      return { text: ShotMessages.commentIntimacy };
    case MessageErrno.TOO_LONG:
      return { text: ShotMessages.commentTooLong };
    case MessageErrno.NO_CREDIT:
      return { text: MessageTexts.noCredit, addCredits: true };
    case MessageErrno.EMPTY:
      return { text: ShotMessages.commentFailed };
    case MessageErrno.WAIT_REPLY_MEMBER:
    case MessageErrno.WAIT_REPLY_BROADCASTER:
    case MessageErrno.WAIT_REPLY_OPENER:
      return { text: MessageTexts.waitReply(nickname) };
    default:
      return { text: ShotMessages.commentOther };
  }
}

/** A shot as the shared viewer shows it. */
export function toViewerItem(shot: Shot): ViewerItem {
  return {
    id: shot.id,
    type: shot.type,
    img: shot.img,
    biger_img: shot.biger_img,
    video: shot.video,
    content: shot.content,
    file_desc: shot.file_desc,
    is_can_watch: shot.is_can_watch,
    locked: shot.locked_text ?? '',
    bgNumber: shot.bgNumber,
  };
}
