/**
 * Her shows about to start (imLady/showToStartNotice), heard once for her whole workspace: the
 * workspace listens (ShowStartToasts) whichever section she is on, shows a toast, and her shows
 * panel reads the list again when one arrives (`heard`). `focus` is the show a toast's link opened.
 */
import { proxy } from 'valtio';
import { EventRoute, type LadyShowToStartNotice } from '../../../../protocol/realtime';
import { realtime } from '../../../realtime';
import { getOwnShows } from '../api';

export interface ShowStartNotice {
  liveShowId: string;
  kind: LadyShowToStartNotice['type'];
  /** Seconds. */
  startTime: number;
  /** Her show's title, once her list has it. */
  title: string;
}

export const showStartState = proxy<{ notices: ShowStartNotice[]; heard: number; focus: string }>({
  notices: [],
  heard: 0,
  focus: '',
});

/** The one listener: call it from the workspace, which is mounted on every section. */
export function listenForShowStarts(): () => void {
  return realtime.on<LadyShowToStartNotice>(EventRoute.ladyShowToStart, (data) => {
    const { live_show_id: liveShowId, start_time: startTime } = data.show_info;
    const earlier = showStartState.notices.find((n) => n.liveShowId === liveShowId);
    const notice = { liveShowId, kind: data.type, startTime, title: earlier?.title ?? '' };
    // A second notice of a show (it has started) takes the place of the first.
    showStartState.notices = [...showStartState.notices.filter((n) => n.liveShowId !== liveShowId), notice];
    showStartState.heard += 1;
    if (!notice.title) void nameShow(liveShowId);
  });
}

async function nameShow(liveShowId: string): Promise<void> {
  try {
    const shows = await getOwnShows(0);
    const title = shows.find((s) => s.live_show_id === liveShowId)?.show_title;
    const notice = showStartState.notices.find((n) => n.liveShowId === liveShowId);
    if (title && notice) notice.title = title;
  } catch {
    // The toast says "Your show" without it.
  }
}

export function dismissShowStart(liveShowId: string): void {
  showStartState.notices = showStartState.notices.filter((n) => n.liveShowId !== liveShowId);
}

/** Her toast's link: the show's line in Bookings & shows is brought into view. */
export function focusShow(liveShowId: string): void {
  dismissShowStart(liveShowId);
  showStartState.focus = liveShowId;
}
