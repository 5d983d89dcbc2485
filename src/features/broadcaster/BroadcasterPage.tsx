/**
 * /broadcaster: the broadcaster's workspace: her greeting and status above the navigation between
 * its sections. Her studio stays mounted (hidden) while another section is shown, so leaving it
 * never ends her broadcast or her One-on-One; the other sections mount in the outlet when chosen.
 */
import { Outlet, useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { AnchorProfile } from '../../../protocol/types';
import { useRequest } from '../../api/use-request';
import { userState } from '../../state/user';
import { isLiveInPublicRoom, isOnline } from '../discover/anchor-rules';
import { getAnchorProfile } from '../discover/api';
import { StudioSection } from './StudioSection';
import { WorkspaceNav } from './WorkspaceNav';
import { sectionOf } from './workspace-sections';
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
  const section = useLocation({ select: (l) => sectionOf(l.pathname) });
  if (!me) return null;
  const status = state.status === 'ready' ? statusOf(state.data, inOneOnOne) : null;

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
            {status && <span className={`badge badge-dot badge-${status.tone}`}>{status.label}</span>}
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
      <WorkspaceNav active={section} studioLive={status?.tone === 'live'} />
      <div className="workspace-studio" hidden={section !== 'studio'}>
        <StudioSection
          onOneOnOneChange={(inRoom) => {
            setInOneOnOne(inRoom);
            retry();
          }}
          onLiveChange={retry}
        />
      </div>
      <Outlet />
    </div>
  );
}
