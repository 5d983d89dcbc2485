/** What the Say Hi dialog offers for each code (spec 001 §8 "Say Hi"). */
import { SayHiErrno } from '../../../protocol/sayhi/sayhi';

export type DialogLink =
  /** 17404: the Say Hi already sent to her (its sayid is looked up). */
  { kind: 'sayhi' } | { kind: 'page'; to: '/wait' | '/sayhilistindex/all'; label: string } | null;

export function dialogLink(errno: number): DialogLink {
  if (errno === SayHiErrno.ALREADY_SENT) return { kind: 'sayhi' };
  if (errno === SayHiErrno.TOO_MANY_WAITING)
    return { kind: 'page', to: '/wait', label: 'See the Say Hi waiting for a reply' };
  if (errno === SayHiErrno.UNREAD_RESPONSES)
    return { kind: 'page', to: '/sayhilistindex/all', label: 'Read your Say Hi responses' };
  return null;
}

/** 17405 has no follow hint; every other code offers the quick follow. */
export const showsFollowHint = (errno: number) => errno !== SayHiErrno.ANCHOR_UNAVAILABLE;
