/**
 * The side contacts panel (spec 002 §2): All Contacts and Following tabs, search by name or id
 * (case-insensitive), the quick filters Follows only and Online only, and the sections In chat
 * (conversations, with unread badges capped at 99+) and Contacts, with the spec's empty texts.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { MessageTexts } from '../../../protocol/messages/messages';
import { type ImageLoading, listImage } from '../../app/images/loading';
import { chatBadge } from '../../app/layout/badges';
import { MessageText } from './MessageText';
import { emptyText, filterEntries, type PanelEntry, panelEntries } from './rules';
import { messagesState } from './store';

interface EntryProps {
  entry: PanelEntry;
  active: boolean;
  image: ImageLoading;
  onOpen(id: string): void;
}

function Entry({ entry, active, image, onOpen }: EntryProps) {
  const badge = chatBadge(entry.unread);
  return (
    <li>
      <button
        type="button"
        className={`pm-entry${active ? ' pm-entry-active' : ''}`}
        aria-current={active ? 'true' : undefined}
        data-testid="pm-entry"
        data-userid={entry.id}
        onClick={() => onOpen(entry.id)}
      >
        <span className="pm-avatar">
          {entry.avatar ? (
            <img src={entry.avatar} alt="" width={36} height={36} loading={image.loading} />
          ) : null}
          <span className={`pm-dot ${entry.online ? 'pm-online' : 'pm-offline'}`} />
          <span className="visually-hidden">{entry.online ? 'Online' : 'Offline'}</span>
        </span>
        <span className="pm-entry-text">
          <span className="pm-entry-name">{entry.name}</span>
          <span className="pm-entry-sub">
            {entry.lastMsg ? <MessageText content={entry.lastMsg} /> : `ID: ${entry.id}`}
          </span>
        </span>
        {badge && (
          <span className="pm-unread" data-testid="pm-unread">
            {badge}
            <span className="visually-hidden"> unread</span>
          </span>
        )}
      </button>
    </li>
  );
}

/** About a phone screen of rows: the footer stays below the fold until the lists come. */
const ENTRY_SKELETONS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'];
/**
 * The rows a phone's first screen shows under the search and filters (8 to 9 at 390x844): their
 * portraits load at once, those of a long list's later rows as it is scrolled.
 */
const FIRST_SCREEN_ENTRIES = 9;

export function ContactsPanel({ active, onOpen }: { active: string; onOpen(id: string): void }) {
  const snap = useSnapshot(messagesState);
  const [tab, setTab] = useState<'all' | 'following'>('all');
  const [query, setQuery] = useState('');
  const [followsOnly, setFollowsOnly] = useState(false);
  const [onlineOnly, setOnlineOnly] = useState(false);
  const all = panelEntries(snap.conversations, snap.contacts);
  const tabEntries = tab === 'following' ? all.filter((e) => e.follows) : all;
  const filter = { query, followsOnly, onlineOnly };
  const shown = filterEntries(tabEntries, filter);
  const inChat = shown.filter((e) => e.inChat);
  const contacts = shown.filter((e) => !e.inChat);
  // Until both lists are known (or shown from the device), neither section shows: one list first
  // and the other a moment later would push the rows, or the footer, under the member's finger.
  const pending = (status: string) => status === 'idle' || status === 'loading';
  const loading =
    (pending(snap.conversationsStatus) && !snap.conversations.length) ||
    (pending(snap.contactsStatus) && !snap.contacts.length);
  const empty =
    tab === 'following' && !tabEntries.length && !query && !onlineOnly
      ? MessageTexts.followsEmpty
      : emptyText(tabEntries.length, filter);

  return (
    <aside className="pm-panel card" aria-label="Contacts">
      <div className="pm-tabs" role="tablist">
        {(['all', 'following'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            className={`pm-tab${tab === t ? ' pm-tab-active' : ''}`}
            onClick={() => setTab(t)}
          >
            {t === 'all' ? 'All Contacts' : 'Following'}
          </button>
        ))}
      </div>
      <input
        type="search"
        className="pm-search"
        placeholder="Search by name or ID"
        aria-label="Search contacts"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <div className="pm-filters">
        <label>
          <input type="checkbox" checked={followsOnly} onChange={(e) => setFollowsOnly(e.target.checked)} />{' '}
          Follows only
        </label>
        <label>
          <input type="checkbox" checked={onlineOnly} onChange={(e) => setOnlineOnly(e.target.checked)} />{' '}
          Online only
        </label>
      </div>
      {loading && (
        <div className="pm-entries-loading" role="status">
          <span className="visually-hidden">Loading…</span>
          {ENTRY_SKELETONS.map((key) => (
            <div key={key} className="pm-entry-skeleton" aria-hidden="true">
              <span className="pm-avatar skeleton" />
              <span className="pm-entry-skeleton-text">
                <span className="skeleton skeleton-line" />
                <span className="skeleton skeleton-line short" />
              </span>
            </div>
          ))}
        </div>
      )}
      {snap.conversationsStatus === 'error' && !all.length && (
        <p className="pm-note" role="alert">
          {MessageTexts.loadFailed}
        </p>
      )}
      {!loading && shown.length === 0 && empty && (
        <p className="pm-note" data-testid="pm-empty">
          {empty}
        </p>
      )}
      {!loading && inChat.length > 0 && (
        <section aria-label="In chat">
          <h2 className="pm-section">In chat</h2>
          <ul className="pm-entries">
            {inChat.map((e, i) => (
              <Entry
                key={e.id}
                entry={e}
                active={e.id === active}
                image={listImage(i, FIRST_SCREEN_ENTRIES)}
                onOpen={onOpen}
              />
            ))}
          </ul>
        </section>
      )}
      {!loading && contacts.length > 0 && (
        <section aria-label="Contacts list">
          <h2 className="pm-section">Contacts</h2>
          <ul className="pm-entries">
            {contacts.map((e, i) => (
              <Entry
                key={e.id}
                entry={e}
                active={e.id === active}
                image={listImage(inChat.length + i, FIRST_SCREEN_ENTRIES)}
                onOpen={onOpen}
              />
            ))}
          </ul>
        </section>
      )}
    </aside>
  );
}
