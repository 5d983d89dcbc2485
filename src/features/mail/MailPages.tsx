/**
 * /inbox, /outbox and /lletter (greeting mail): the lists with unread marks, and one letter when the
 * address names it (?id=). A new mail's notice reloads an open list at once.
 */
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { MailItem, MailList } from '../../../protocol/mail/mail';
import { isConnectionError } from '../../api/client';
import { errorText } from '../../api/use-request';
import { type ImageLoading, listImage } from '../../app/images/loading';
import { menuBadge } from '../../app/layout/badges';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { SavedNote } from '../../app/layout/SavedNote';
import { When } from '../../app/time/When';
import { readMailList, saveMailList } from '../../db/mail';
import { userState } from '../../state/user';
import { type Box, getMailList } from './api';
import { LetterView } from './LetterView';
import { mailState } from './state';
import './mail.css';

const ROUTE: Record<Box, '/inbox' | '/outbox' | '/lletter'> = {
  inbox: '/inbox',
  outbox: '/outbox',
  loi: '/lletter',
};

function Tabs({ box }: { box: Box }) {
  const { emf, loi } = useSnapshot(mailState);
  const tabs: [Box, string, number][] = [
    ['inbox', 'Inbox', emf],
    ['loi', 'Greeting mail', loi],
    ['outbox', 'Outbox', 0],
  ];
  return (
    <nav className="mail-tabs" aria-label="Mail boxes">
      {tabs.map(([b, label, n]) => (
        <Link
          key={b}
          to={ROUTE[b]}
          aria-current={b === box ? 'page' : undefined}
          data-testid={`mail-tab-${b}`}
        >
          {label}
          {menuBadge(n) && (
            <span className="nav-badge" data-testid={`mail-tab-unread-${b}`}>
              {menuBadge(n)}
            </span>
          )}
        </Link>
      ))}
      <Link to="/compose" className="btn btn-primary btn-small mail-compose-link">
        Write a mail
      </Link>
    </nav>
  );
}

/** About as many rows as a phone's first screen shows: their avatars load at once. */
const FIRST_SCREEN_ROWS = 6;

function Row({ box, item, image }: { box: Box; item: MailItem; image: ImageLoading }) {
  const unread = item.direction === 'in' && !item.is_read;
  return (
    <li>
      <Link
        to={ROUTE[box]}
        search={{ id: item.emf_id }}
        className={unread ? 'mail-row unread' : 'mail-row'}
        data-testid="mail-row"
        data-emf={item.emf_id}
      >
        <img
          src={item.anchor_photourl}
          alt=""
          className="mail-avatar"
          width={48}
          height={48}
          loading={image.loading}
        />
        <span className="mail-row-main">
          <strong>
            {item.direction === 'out' ? 'To ' : ''}
            {item.anchor_nickname}
          </strong>
          <span className="mail-row-text">
            {item.need_pay ? 'A mail is waiting for you. Open it to read.' : item.preview}
          </span>
          <span className="mail-row-time">
            <When seconds={item.send_time} />
            {item.media_num > 0 && ` · ${item.media_num} attachment${item.media_num > 1 ? 's' : ''}`}
          </span>
        </span>
        {unread && <span className="mail-new">New</span>}
      </Link>
    </li>
  );
}

function MailListView({ box }: { box: Box }) {
  const arrivals = useSnapshot(mailState).arrivals;
  const [data, setData] = useState<MailList | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const userid = useSnapshot(userState).me?.userid ?? '';
  useEffect(() => {
    let live = true;
    setError('');
    getMailList(box).then(
      (d) => {
        if (!live) return;
        setData(d);
        setSavedAt(null);
        if (userid) void saveMailList(userid, box, d);
      },
      async (e: unknown) => {
        const stored = isConnectionError(e) && userid ? await readMailList(userid, box) : undefined;
        if (!live) return;
        if (stored) {
          setData(stored.data);
          setSavedAt(stored.savedAt);
        } else setError(errorText(e));
      },
    );
    return () => {
      live = false;
    };
  }, [box, arrivals, attempt, userid]);

  async function more() {
    if (!data) return;
    const next = await getMailList(box, data.list.length);
    setData({ ...next, list: [...data.list, ...next.list] });
  }

  if (!data && error) return <ErrorRetry message={error} onRetry={() => setAttempt((a) => a + 1)} />;
  if (!data) {
    return (
      <p className="mail-loading" role="status">
        Loading…
      </p>
    );
  }
  if (data.list.length === 0) {
    return (
      <div className="empty-state">
        <p>{box === 'outbox' ? 'No data to show.' : 'No messages received.'}</p>
      </div>
    );
  }
  return (
    <>
      {savedAt !== null && (
        <SavedNote savedAt={savedAt} onRefresh={() => setAttempt((a) => a + 1)} testId="mail-offline" />
      )}
      <ul className="mail-list" data-testid="mail-list">
        {data.list.map((item, i) => (
          <Row key={item.emf_id} box={box} item={item} image={listImage(i, FIRST_SCREEN_ROWS)} />
        ))}
      </ul>
      {data.list.length < data.total && savedAt === null && (
        <button type="button" className="btn btn-ghost" onClick={() => void more()}>
          Load more
        </button>
      )}
    </>
  );
}

function MailPage({ box, title }: { box: Box; title: string }) {
  const { id } = useSearch({ strict: false }) as { id?: string };
  return (
    <section className="page mail-page">
      <h1 className="page-title">{title}</h1>
      <Tabs box={box} />
      {id ? <LetterView box={box} emfId={id} /> : <MailListView box={box} />}
    </section>
  );
}

export const InboxPage = () => <MailPage box="inbox" title="Mail" />;
export const OutboxPage = () => <MailPage box="outbox" title="Sent mail" />;
export const GreetingMailPage = () => <MailPage box="loi" title="Greeting mail" />;
