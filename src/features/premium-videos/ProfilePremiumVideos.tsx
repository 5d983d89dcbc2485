/** Her premium videos on her profile (spec 002 §9): the first 4, then an expand control for the rest. */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  PROFILE_PREMIUM_VIDEOS_SHOWN,
  PremiumMessages,
} from '../../../protocol/premium-videos/premium-videos';
import { useRequest } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { getAnchorVideos } from './api';
import { visibleVideos } from './rules';
import { VideoCard, VideoCardSkeleton } from './VideoCard';
import './premium-videos.css';

export function ProfilePremiumVideos({ anchorId, nickname }: { anchorId: string; nickname: string }) {
  const [state, retry] = useRequest(() => getAnchorVideos(anchorId), anchorId);
  const [expanded, setExpanded] = useState(false);
  // Nothing to show: the section stays out of her profile.
  if (state.status === 'ready' && state.data.list.length === 0) return null;
  const list = state.status === 'ready' ? state.data.list : [];
  const hidden = list.length - PROFILE_PREMIUM_VIDEOS_SHOWN;
  return (
    <section
      className="card profile-panel pv-profile"
      aria-labelledby="pv-profile-title"
      data-testid="profile-premium-videos"
    >
      <div className="section-head">
        <h2 id="pv-profile-title">Premium videos</h2>
        {state.status === 'ready' && <p>{list.length === 1 ? '1 video' : `${list.length} videos`}</p>}
      </div>
      {state.status === 'loading' && (
        <ul className="pv-grid pv-grid-compact" aria-busy="true">
          {Array.from({ length: 2 }, (_, i) => (
            <li key={i}>
              <VideoCardSkeleton />
            </li>
          ))}
        </ul>
      )}
      {state.status === 'error' && (
        <ErrorRetry message={state.error || PremiumMessages.loadFailed} onRetry={retry} />
      )}
      {state.status === 'ready' && (
        <>
          <ul className="pv-grid pv-grid-compact" id={`pv-of-${anchorId}`}>
            {visibleVideos(list, PROFILE_PREMIUM_VIDEOS_SHOWN, expanded).map((v) => (
              <li key={v.video_id}>
                <VideoCard video={v} showAnchor={false} />
              </li>
            ))}
          </ul>
          {hidden > 0 && (
            <button
              type="button"
              className="btn btn-ghost btn-block pv-expand"
              aria-expanded={expanded}
              aria-controls={`pv-of-${anchorId}`}
              onClick={() => setExpanded((e) => !e)}
              data-testid="pv-expand"
            >
              {expanded ? 'Show fewer' : `Show all ${list.length} videos of ${nickname}`}
            </button>
          )}
          <p className="pv-profile-more">
            <Link to="/premiumVideo/premiumVideoList">All premium videos</Link>
          </p>
        </>
      )}
    </section>
  );
}
