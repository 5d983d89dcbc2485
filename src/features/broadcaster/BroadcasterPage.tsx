/**
 * /broadcaster: the broadcaster's workspace: her greeting and status above the navigation between
 * its sections. Her live work stays mounted (hidden) while another section is shown: her studio, so
 * leaving it never ends her broadcast or her One-on-One, and her live chats, whose heartbeat keeps
 * an open chat going. The other sections' panels mount only when chosen. Her shows' start notices
 * and members' call requests come as toasts on every section.
 */
import { useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { AnchorProfile } from '../../../protocol/types';
import { useRequest } from '../../api/use-request';
import { userState } from '../../state/user';
import { callRequestState } from '../call-service/lady/request-notices';
import { isLiveInPremiumRoom, isLiveInPublicRoom, isOnline } from '../discover/anchor-rules';
import { getAnchorProfile } from '../discover/api';
import { LadyLiveChatPanel } from '../livechat/LadyLiveChatPanel';
import { livechatState } from '../livechat/store';
import { CallRequestToasts } from './CallRequestToasts';
import { ShowStartToasts } from './ShowStartToasts';
import { StudioSection } from './StudioSection';
import { WorkspaceNav } from './WorkspaceNav';
import { SectionPanels } from './WorkspaceSections';
import { sectionOf } from './workspace-sections';
import './broadcaster.css';

function statusOf(
  profile: AnchorProfile,
  inOneOnOne: boolean,
): { label: string; tone: 'live' | 'online' | 'offline' } {
  // Her One-on-One join is known here at once; her profile says so only at its next read.
  if (inOneOnOne) return { label: 'In a One-on-One', tone: 'live' };
  const isLive = profile.anchor_info?.is_live ?? profile.is_live;
  // The room she chose: a premium room is said as one, never "public".
  if (isLiveInPremiumRoom(profile, isLive)) return { label: 'Live in your premium room', tone: 'live' };
  if (isLiveInPublicRoom(profile, isLive)) return { label: 'Live in your public room', tone: 'live' };
  if (isOnline(profile)) return { label: 'Online', tone: 'online' };
  return { label: 'Offline', tone: 'offline' };
}

export function BroadcasterPage() {
  const { me } = useSnapshot(userState);
  const userid = me?.userid ?? '';
  const [state, retry] = useRequest(() => getAnchorProfile(userid), userid);
  const [inOneOnOne, setInOneOnOne] = useState(false);
  const section = useLocation({ select: (l) => sectionOf(l.pathname) });
  const { chats } = useSnapshot(livechatState);
  const openChats = Object.values(chats).filter((c) => !c.session.ended_at).length;
  const { pending: pendingCalls } = useSnapshot(callRequestState);
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
      <WorkspaceNav
        active={section}
        studioLive={status?.tone === 'live'}
        openChats={openChats}
        pendingCalls={pendingCalls}
      />
      <div className="workspace-studio" hidden={section !== 'studio'} data-testid="workspace-studio">
        <StudioSection
          onOneOnOneChange={(inRoom) => {
            setInOneOnOne(inRoom);
            retry();
          }}
          onLiveChange={retry}
        />
      </div>
      <div className="workspace-kept" hidden={section !== 'messages'}>
        <LadyLiveChatPanel />
      </div>
      <SectionPanels section={section} />
      <ShowStartToasts />
      <CallRequestToasts />
    </div>
  );
}
