/**
 * Her show about to start, as a toast on any section of her workspace (the studio included): its
 * title and countdown, and a link to the show in Bookings & shows. The workspace mounts this once;
 * it holds the one listener for the notice (shows/lady/show-start.ts).
 */
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import {
  dismissShowStart,
  focusShow,
  listenForShowStarts,
  type ShowStartNotice,
  showStartState,
} from '../shows/lady/show-start';
import { startCountdown } from '../shows/rules';
import { useNow } from '../shows/use-now';
import { WorkspaceToastGroup } from './WorkspaceToastGroup';
import { sectionHref } from './workspace-sections';

export function ShowStartToasts() {
  useEffect(listenForShowStarts, []);
  const { notices } = useSnapshot(showStartState);
  return (
    <WorkspaceToastGroup
      testId="show-start-toasts"
      toasts={notices.map((notice) => ({
        key: notice.liveShowId,
        text: <ShowStartText notice={notice} />,
        actions: (
          <Link
            to={sectionHref({ id: 'bookings' })}
            className="btn btn-primary btn-small"
            onClick={() => focusShow(notice.liveShowId)}
          >
            View show
          </Link>
        ),
        onDismiss: () => dismissShowStart(notice.liveShowId),
      }))}
    />
  );
}

/** Its countdown, ticking while shown. */
function ShowStartText({ notice }: { notice: ShowStartNotice }) {
  const now = useNow();
  const style = startCountdown(notice.startTime - Math.floor(now / 1000));
  const title = notice.title ? `“${notice.title}”` : 'Your show';
  if (style.kind === 'button') return `${title} has started.`;
  if (style.kind === 'start') return `${title} is starting.`;
  return `${title} starts in ${style.text}.`;
}
