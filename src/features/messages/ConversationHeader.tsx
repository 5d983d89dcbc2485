/**
 * The open conversation's header on /mymessage: the way back to the list (on phones, where the
 * list and the conversation take turns), her photo and name linking to her profile, whether she is
 * online, and the book, One-on-One, premium-public and Intimacy actions, and More (Block, Report).
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { ONLINE_STATUS_ONLINE } from '../../../protocol/constants';
import { afterPaint } from '../../app/after-paint';
import { Avatar } from '../../app/layout/Avatar';
import { ChevronLeft } from '../../app/layout/icons';
import { userState } from '../../state/user';
import { IntimacyPopup } from './IntimacyPopup';
import { messagesState } from './store';

// Block and Report (src/features/safety): its own chunk, after the conversation has painted.
const SafetyMenu = afterPaint(() => import('../safety/SafetyMenu').then((m) => m.SafetyMenu));

export function ConversationHeader({ peer }: { peer: string }) {
  const snap = useSnapshot(messagesState);
  const [intimacy, setIntimacy] = useState(false);
  const isMember = useSnapshot(userState).me?.role === 'man';
  const info =
    snap.peerInfo?.user_id === peer ? snap.peerInfo : snap.conversations.find((c) => c.user_id === peer);
  // A contact she has not written with yet is known from the contacts list.
  const contact = snap.contacts.find((c) => c.anchor_id === peer);
  const name = info?.nick_name || contact?.anchor_nickname || peer;
  const photo = info?.avatar_img || contact?.anchor_avatar_img || '';
  const online = (info?.online_status ?? contact?.online_status) === ONLINE_STATUS_ONLINE;
  return (
    <header className="pm-head">
      <Link className="pm-back" to="/mymessage" data-testid="pm-back">
        <ChevronLeft />
        All messages
      </Link>
      <div className="pm-who">
        <h2 className="pm-peer">
          <Link className="pm-peer-link" to="/anchor/$id" params={{ id: peer }} data-testid="pm-peer-link">
            <Avatar src={photo} name={name} size={44} />
            <span className="pm-peer-name">{name}</span>
          </Link>
        </h2>
        <span className={`badge badge-dot badge-${online ? 'online' : 'offline'}`}>
          {online ? 'Online' : 'Offline'}
        </span>
      </div>
      <div className="pm-actions">
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setIntimacy(true)}>
          Intimacy
        </button>
        <Link className="btn btn-ghost btn-small" to="/anchor/$id" params={{ id: peer }}>
          Book
        </Link>
        <Link className="btn btn-ghost btn-small" to="/anchor/$id" params={{ id: peer }}>
          One-on-One
        </Link>
        <a
          className="btn btn-ghost btn-small"
          href={`/page/live.html#anchorid=${encodeURIComponent(peer)}&type=public`}
        >
          Premium public
        </a>
        {isMember && <SafetyMenu anchorId={peer} nickname={name} />}
      </div>
      {intimacy && <IntimacyPopup anchorId={peer} name={name} onClose={() => setIntimacy(false)} />}
    </header>
  );
}
