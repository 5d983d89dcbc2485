/** Pure helpers of the premium video screens. */
import { PremiumErrno } from '../../../protocol/premium-videos/premium-videos';

/** 4 s → '0:04', 75 s → '1:15', 3725 s → '1:02:05'. */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** 'Duration 1 minute 15 seconds', for screen readers. */
export function durationLabel(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const m = Math.floor(s / 60);
  const parts = [
    m > 0 ? `${m} minute${m === 1 ? '' : 's'}` : '',
    s % 60 > 0 || m === 0 ? `${s % 60} second${s % 60 === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return `Duration ${parts.join(' ')}`;
}

/** The errno that means the video is gone: the page goes to /videodoesnotexist. */
export const isGone = (errno: number) => errno === PremiumErrno.NOT_FOUND;

/** Which of a list the profile shows: the first `shown`, or all once expanded. */
export function visibleVideos<T>(list: readonly T[], shown: number, expanded: boolean): readonly T[] {
  return expanded ? list : list.slice(0, shown);
}
