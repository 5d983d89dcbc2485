/**
 * The chat contacts side panel on his live chat page (protocol/livechat/livechat-contacts.ts): a column at
 * desktop widths, a drawer behind a Contacts button on a phone. Search, Follows only and Online
 * only, the In chat and Contacts sections with unread counts; a contact opens (or switches to) the
 * chat with her. It refreshes when a chat starts, ends or a line comes, and every 30 s. At its foot,
 * the broadcasters whose invitations he blocked (BlockedInvites.tsx).
 */
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { type LiveChatContact, LiveChatEvent } from '../../../protocol/livechat/livechat';
import { CONTACTS_REFRESH_MS, ContactsText } from '../../../protocol/livechat/livechat-contacts';
import { ApiError } from '../../api/client';
import { unreachableText } from '../../api/http';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { realtime } from '../../realtime';
import { getChatContacts } from './api';
import { BlockedInvites } from './BlockedInvites';
import { sections, stateText, unreadTotal } from './contacts';
import './livechat-contacts.css';

export function ChatContacts({ current }: { current?: string }) {
  const [list, setList] = useState<LiveChatContact[]>();
  const [error, setError] = useState('');
  const [query, setQuery] = useState('');
  const [followsOnly, setFollowsOnly] = useState(false);
  const [onlineOnly, setOnlineOnly] = useState(false);
  const [open, setOpen] = useState(false);

  const load = useCallback(async () => {
    try {
      setList((await getChatContacts()).list);
      setError('');
    } catch (e) {
      setError(e instanceof ApiError && !e.offline ? e.message : unreachableText());
    }
  }, []);
  useEffect(() => {
    void load();
    let soon: ReturnType<typeof setTimeout> | undefined;
    // Several notices in a row (a line, its read mark) make one reload.
    const later = () => {
      clearTimeout(soon);
      soon = setTimeout(() => void load(), 400);
    };
    const offs = [LiveChatEvent.status, LiveChatEvent.message, LiveChatEvent.read].map((route) =>
      realtime.on(route, later),
    );
    const timer = setInterval(() => void load(), CONTACTS_REFRESH_MS);
    window.addEventListener('online', later);
    return () => {
      for (const off of offs) off();
      clearTimeout(soon);
      clearInterval(timer);
      window.removeEventListener('online', later);
    };
  }, [load]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const unread = list ? unreadTotal(list) : 0;
  const shown = list ? sections(list, { query, followsOnly, onlineOnly }) : undefined;

  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-small lc-contacts-toggle"
        aria-expanded={open}
        aria-controls="lc-contacts"
        onClick={() => setOpen((o) => !o)}
        data-testid="livechat-contacts-toggle"
      >
        {ContactsText.title}
        {unread > 0 && (
          <span className="lc-badge">
            {unread}
            <span className="visually-hidden"> unread</span>
          </span>
        )}
      </button>
      <aside
        id="lc-contacts"
        className={`card lc-contacts ${open ? 'is-open' : ''}`}
        aria-labelledby="lc-contacts-title"
        data-testid="livechat-contacts"
      >
        <div className="lc-contacts-head">
          <h2 id="lc-contacts-title">{ContactsText.title}</h2>
          <button
            type="button"
            className="btn btn-ghost btn-small lc-contacts-close"
            onClick={() => setOpen(false)}
          >
            Close
          </button>
        </div>
        <input
          type="search"
          className="lc-contacts-search"
          placeholder={ContactsText.search}
          aria-label={ContactsText.search}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <fieldset className="lc-contacts-filters">
          <legend className="visually-hidden">Quick filters</legend>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-pressed={followsOnly}
            onClick={() => setFollowsOnly((v) => !v)}
          >
            {ContactsText.followsOnly}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-pressed={onlineOnly}
            onClick={() => setOnlineOnly((v) => !v)}
          >
            {ContactsText.onlineOnly}
          </button>
        </fieldset>
        {error && !list ? (
          <ErrorRetry message={error} onRetry={() => void load()} />
        ) : !shown ? (
          <p className="lc-loading">Loading…</p>
        ) : shown.empty ? (
          <p className="lc-empty" data-testid="livechat-contacts-empty">
            {shown.empty}
          </p>
        ) : (
          <>
            <Section
              title={ContactsText.inChat}
              name="inchat"
              list={shown.inChat}
              current={current}
              onPick={() => setOpen(false)}
            />
            <Section
              title={ContactsText.contacts}
              name="contacts"
              list={shown.contacts}
              current={current}
              onPick={() => setOpen(false)}
            />
          </>
        )}
        <BlockedInvites />
      </aside>
    </>
  );
}

function Section({
  title,
  name,
  list,
  current,
  onPick,
}: {
  title: string;
  name: string;
  list: LiveChatContact[];
  current?: string;
  onPick: () => void;
}) {
  if (list.length === 0) return null;
  const id = `lc-contacts-${name}`;
  return (
    <section className="lc-contacts-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <ul className="lc-contacts-list">
        {list.map((c) => {
          const state = stateText(c);
          return (
            <li key={c.userId}>
              <Link
                to="/livechat"
                search={{ anchorid: c.userId }}
                className={`lc-contact ${c.userId === current ? 'is-current' : ''}`}
                aria-current={c.userId === current ? 'page' : undefined}
                data-testid="livechat-contact"
                data-userid={c.userId}
                data-section={name}
                onClick={onPick}
              >
                <img src={c.avatarImg} alt="" width={36} height={36} />
                <span className="lc-contact-who">
                  <strong>{c.userName}</strong>
                  <span className={`lc-status ${c.status ? 'is-online' : ''}`}>
                    {c.status ? 'Online' : 'Offline'}
                    {state ? ` · ${state}` : ''}
                  </span>
                </span>
                {c.chatNum > 0 && (
                  <span className="lc-badge" data-testid="livechat-unread">
                    {c.chatNum}
                    <span className="visually-hidden"> unread</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
