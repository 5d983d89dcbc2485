/**
 * Her show about to start, as a toast on any section of her workspace (the studio included): its
 * title and countdown, and a link to the show in Bookings & shows. The workspace mounts this once;
 * it holds the one listener for the notice (shows/lady/show-start.ts).
 */
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { CloseIcon } from '../../app/layout/icons';
import {
  dismissShowStart,
  focusShow,
  listenForShowStarts,
  type ShowStartNotice,
  showStartState,
} from '../shows/lady/show-start';
import { startCountdown } from '../shows/rules';
import { useNow } from '../shows/use-now';
import { workspaceToastHost } from './toast-host';
import { sectionHref } from './workspace-sections';

export function ShowStartToasts() {
  useEffect(listenForShowStarts, []);
  const { notices } = useSnapshot(showStartState);
  if (notices.length === 0) return null;
  return createPortal(
    <div className="toast-group" data-testid="show-start-toasts">
      {notices.map((notice) => (
        <ShowStartToast key={notice.liveShowId} notice={notice} />
      ))}
    </div>,
    workspaceToastHost(),
  );
}

function ShowStartToast({ notice }: { notice: ShowStartNotice }) {
  const now = useNow();
  const style = startCountdown(notice.startTime - Math.floor(now / 1000));
  const title = notice.title ? `“${notice.title}”` : 'Your show';
  return (
    <div className="toast toast-info" role="status">
      <span>
        {style.kind === 'button'
          ? `${title} has started.`
          : style.kind === 'start'
            ? `${title} is starting.`
            : `${title} starts in ${style.text}.`}
      </span>
      <Link
        to={sectionHref({ id: 'bookings' })}
        className="btn btn-primary btn-small"
        onClick={() => focusShow(notice.liveShowId)}
      >
        View show
      </Link>
      <button
        type="button"
        className="toast-close"
        aria-label="Dismiss"
        onClick={() => dismissShowStart(notice.liveShowId)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
