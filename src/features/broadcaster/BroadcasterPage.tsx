/**
 * /broadcaster: the broadcaster's workspace: her status, members online now to invite, and the
 * requests members sent her, her One-on-One bookings, and her shows (publish, cancel, start notices).
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { AnchorProfile } from '../../../protocol/types';
import { useRequest } from '../../api/use-request';
import { userState } from '../../state/user';
import { LadyAlbumPanel } from '../albums/LadyAlbumPanel';
import { LadyBookings } from '../booking/LadyBookings';
import { isLiveInPublicRoom, isOnline } from '../discover/anchor-rules';
import { getAnchorProfile } from '../discover/api';
import { LadyLiveChatPanel } from '../livechat/LadyLiveChatPanel';
import { LadyMailPanel } from '../mail/lady/LadyMailPanel';
import { LadyPremiumVideosPanel } from '../premium-videos/lady/LadyPremiumVideosPanel';
import { LadySayHiPanel } from '../sayhi/lady/LadySayHiPanel';
import { LadyShotsPanel } from '../shots/lady/LadyShotsPanel';
import { LadyShowsPanel } from '../shows/lady/LadyShowsPanel';
import { MessagesPanel } from './MessagesPanel';
import { StudioSection } from './StudioSection';
import './broadcaster.css';

function statusOf(
  profile: AnchorProfile,
  inOneOnOne: boolean,
): { label: string; tone: 'live' | 'online' | 'offline' } {
  // Her One-on-One join is known here at once; her profile says so only at its next read.
  if (inOneOnOne) return { label: 'In a One-on-One', tone: 'live' };
  if (isLiveInPublicRoom(profile, profile.anchor_info?.is_live ?? profile.is_live))
    return { label: 'Live in your public room', tone: 'live' };
  if (isOnline(profile)) return { label: 'Online', tone: 'online' };
  return { label: 'Offline', tone: 'offline' };
}

export function BroadcasterPage() {
  const { me } = useSnapshot(userState);
  const userid = me?.userid ?? '';
  const [state, retry] = useRequest(() => getAnchorProfile(userid), userid);
  const [inOneOnOne, setInOneOnOne] = useState(false);
  if (!me) return null;

  return (
    <div className="page broadcaster">
      <section className="card broadcaster-hero">
        {me.photourl && (
          <img className="broadcaster-avatar" src={me.photourl} alt="" width={84} height={84} />
        )}
        <div>
          <h1 className="page-title">Hello {me.nickname}</h1>
          <p className="broadcaster-id">ID: {me.userid}</p>
          <p className="broadcaster-status" aria-live="polite">
            {state.status === 'loading' && 'Checking your status…'}
            {state.status === 'ready' && (
              <span className={`badge badge-dot badge-${statusOf(state.data, inOneOnOne).tone}`}>
                {statusOf(state.data, inOneOnOne).label}
              </span>
            )}
            {state.status === 'error' && (
              <>
                <span role="alert">{state.error}</span>{' '}
                <button type="button" className="btn btn-ghost btn-small" onClick={retry}>
                  Retry
                </button>
              </>
            )}
          </p>
        </div>
      </section>
      <StudioSection
        onOneOnOneChange={(inRoom) => {
          setInOneOnOne(inRoom);
          retry();
        }}
        onLiveChange={retry}
      />
      <MessagesPanel />
      <LadyLiveChatPanel />
      <LadyBookings />
      <LadyShowsPanel />
      <LadySayHiPanel />
      <LadyMailPanel />
      <LadyPremiumVideosPanel />
      <LadyAlbumPanel />
      <LadyShotsPanel />
    </div>
  );
}
