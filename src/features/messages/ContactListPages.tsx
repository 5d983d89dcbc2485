/**
 * /contactList (his contacts, sortable) and /favoritelist (the broadcasters he follows), each card
 * with Message (the private-message popup) and Chat (the conversation). Stored contacts show at once;
 * the lists' empty texts are the spec's.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { RECOMMEND_PAGE_TYPE } from '../../../protocol/anchor-profile/around';
import { ONLINE_STATUS_ONLINE } from '../../../protocol/constants';
import {
  CONTACT_SORT,
  type Contact,
  type ContactSort,
  MessageTexts,
} from '../../../protocol/messages/messages';
import { useRequest } from '../../api/use-request';
import { userState } from '../../state/user';
import { RecommendCarousel } from '../anchor-profile/around/RecommendCarousel';
import { getContacts, getFollows } from './api';
import { useMessageEvents } from './events';
import { OfflineBanner } from './MessagesPage';
import { PrivateMessagePopup } from './PrivateMessagePopup';
import { loadContacts, loadMoreContacts, messagesState, setOwner } from './store';
import './messages.css';

function ContactCard({ c, onMessage }: { c: Contact; onMessage(c: Contact): void }) {
  const online = c.online_status === ONLINE_STATUS_ONLINE;
  return (
    <li className="pm-card card" data-testid="contact-card" data-userid={c.anchor_id}>
      <Link to="/anchor/$id" params={{ id: c.anchor_id }} className="pm-card-link">
        {c.anchor_avatar_img && <img src={c.anchor_avatar_img} alt="" width={64} height={64} />}
        <span className="pm-entry-name">{c.anchor_nickname}</span>
      </Link>
      <span className="pm-entry-sub">
        {c.anchor_age} · {c.anchor_country} · ID: {c.anchor_id}
      </span>
      <span className={`badge badge-dot badge-${online ? 'online' : 'offline'}`}>
        {online ? 'Online' : 'Offline'}
      </span>
      {c.intimacy > 0 && <span className="pm-entry-sub">Intimacy Level {c.intimacy}</span>}
      <span className="pm-card-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={() => onMessage(c)}>
          Message
        </button>
        <Link className="btn btn-ghost btn-small" to="/mymessage" search={{ to: c.anchor_id }}>
          Chat
        </Link>
      </span>
    </li>
  );
}

function useOwner() {
  const { me } = useSnapshot(userState);
  const owner = me?.userid ?? '';
  useEffect(() => {
    if (owner) setOwner(owner);
  }, [owner]);
  return owner;
}

export function ContactListPage() {
  const owner = useOwner();
  const snap = useSnapshot(messagesState);
  const [sorting, setSorting] = useState<ContactSort>(CONTACT_SORT.recent);
  const [popup, setPopup] = useState<Contact | null>(null);
  const [sorted, setSorted] = useState<{ list: Contact[]; total: number } | null>(null);
  const [more, setMore] = useState<'idle' | 'loading' | 'retry'>('idle');
  useMessageEvents();
  useEffect(() => {
    if (owner) void loadContacts();
  }, [owner]);
  useEffect(() => {
    if (!owner || sorting === CONTACT_SORT.recent) {
      setSorted(null);
      return;
    }
    let live = true;
    getContacts(sorting).then(
      (data) => live && setSorted(data),
      () => live && setSorted(null),
    );
    return () => {
      live = false;
    };
  }, [owner, sorting]);
  const list = sorted?.list ?? snap.contacts;
  const total = sorted?.total ?? snap.contactsTotal;
  async function loadMore() {
    setMore('loading');
    try {
      if (sorted) {
        const next = await getContacts(sorting, sorted.list.length);
        setSorted({ list: [...sorted.list, ...next.list], total: next.total });
      } else {
        await loadMoreContacts();
      }
      setMore('idle');
    } catch {
      setMore('retry');
    }
  }
  return (
    <div className="page pm-page">
      <h1 className="page-title">My contacts</h1>
      <OfflineBanner />
      <label className="pm-sort">
        Sort by{' '}
        <select value={sorting} onChange={(e) => setSorting(Number(e.target.value) as ContactSort)}>
          <option value={CONTACT_SORT.recent}>Latest contact</option>
          <option value={CONTACT_SORT.online}>Online first</option>
          <option value={CONTACT_SORT.name}>Name</option>
        </select>
      </label>
      {snap.contactsStatus === 'loading' && !list.length && <p className="pm-note">Loading…</p>}
      {snap.contactsStatus === 'error' && !list.length && (
        <p role="alert" className="pm-note">
          {MessageTexts.loadFailed}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={() => void loadContacts()}>
            Retry
          </button>
        </p>
      )}
      {snap.contactsStatus === 'ready' && !list.length && (
        <>
          <p className="pm-note">{MessageTexts.noContactsHot}</p>
          {/* Page type 9: online broadcasters in slides of 4, each with Chat Now (protocol/anchor-profile/around.ts). */}
          <RecommendCarousel type={RECOMMEND_PAGE_TYPE.messages} title="Hot broadcasters" />
        </>
      )}
      <ul className="pm-cards">
        {list.map((c) => (
          <ContactCard key={c.anchor_id} c={c} onMessage={setPopup} />
        ))}
      </ul>
      {list.length > 0 && list.length < total && (
        <p className="pm-more">
          <button type="button" className="btn btn-ghost" disabled={more === 'loading'} onClick={loadMore}>
            {more === 'loading' ? 'Loading…' : more === 'retry' ? 'Retry' : 'Load more'}
          </button>
        </p>
      )}
      {popup && (
        <PrivateMessagePopup
          toId={popup.anchor_id}
          nickname={popup.anchor_nickname}
          intimacy={popup.intimacy}
          onClose={() => setPopup(null)}
        />
      )}
    </div>
  );
}

export function FavoriteListPage() {
  useOwner();
  const [state, retry] = useRequest(() => getFollows(), 'follows');
  const [popup, setPopup] = useState<Contact | null>(null);
  useMessageEvents();
  return (
    <div className="page pm-page">
      <h1 className="page-title">Following</h1>
      {state.status === 'loading' && <p className="pm-note">Loading…</p>}
      {state.status === 'error' && (
        <p role="alert" className="pm-note">
          {state.error}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={retry}>
            Retry
          </button>
        </p>
      )}
      {state.status === 'ready' && !state.data.list.length && (
        <p className="pm-note">{MessageTexts.followsEmpty}</p>
      )}
      {state.status === 'ready' && (
        <ul className="pm-cards">
          {state.data.list.map((c) => (
            <ContactCard key={c.anchor_id} c={c} onMessage={setPopup} />
          ))}
        </ul>
      )}
      {popup && (
        <PrivateMessagePopup
          toId={popup.anchor_id}
          nickname={popup.anchor_nickname}
          intimacy={popup.intimacy}
          onClose={() => setPopup(null)}
        />
      )}
    </div>
  );
}
