/**
 * The Say Hi lists and detail: /wait/sayhiwaitreply (waiting for a reply), /sayhilistindex/all and
 * /sayhilistindex/waithasdata (the ones with a response), /sayhidetail?sayid=, and /sayhiabout.
 * Lists show the copy stored on this device at once and offline (lists.ts), with a banner saying so.
 */
import { Link, useLocation } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { SAY_HI_MAX_WAITING, type SayHiItem } from '../../../protocol/sayhi/sayhi';
import { isConnectionError } from '../../api/client';
import { errorText } from '../../api/use-request';
import { type ImageLoading, listImage } from '../../app/images/loading';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { SavedNote } from '../../app/layout/SavedNote';
import { When } from '../../app/time/When';
import { readSayHiList } from '../../db/sayhi';
import { userState } from '../../state/user';
import { vouchersState } from '../../state/vouchers';
import { getSayHiDetail, type SayHiListType } from './api';
import { useSayHiList } from './lists';
import { SayHiCard } from './SayHiCard';
import './sayhi.css';

function Status({ item }: { item: SayHiItem }) {
  if (!item.has_response) return <span className="sayhi-status wait">Waiting for reply</span>;
  if (!item.is_read) return <span className="sayhi-status new">New response</span>;
  return <span className="sayhi-status read">Response read</span>;
}

/** About as many rows as a phone's first screen shows: their avatars load at once. */
const FIRST_SCREEN_ROWS = 6;

function Row({ item, image }: { item: SayHiItem; image: ImageLoading }) {
  return (
    <li>
      <Link to="/sayhidetail" search={{ sayid: item.sayid }} className="sayhi-row" data-testid="sayhi-row">
        <img
          src={item.anchor_photourl}
          alt=""
          className="sayhi-row-avatar"
          width={52}
          height={52}
          loading={image.loading}
        />
        <span className="sayhi-row-main">
          <strong>{item.anchor_nickname}</strong>
          <span className="sayhi-row-text">
            {item.has_response ? item.response : 'Your Say Hi was delivered.'}
          </span>
          <When seconds={item.response_time || item.send_time} className="sayhi-row-time" />
        </span>
        <Status item={item} />
      </Link>
    </li>
  );
}

function SayHiList({ type, empty }: { type: SayHiListType; empty: React.ReactNode }) {
  const view = useSayHiList(type);
  const { data } = view;
  return (
    <>
      {view.storedAt !== null && view.offline && (
        <SavedNote savedAt={view.storedAt} onRefresh={view.reload} testId="sayhi-stale" />
      )}
      {!data && view.loading && (
        <p className="sayhi-loading" role="status">
          Loading…
        </p>
      )}
      {!data && view.error && <ErrorRetry message={view.error} onRetry={view.reload} />}
      {data && data.list.length === 0 && <div className="empty-state">{empty}</div>}
      {data && data.list.length > 0 && (
        <ul className="sayhi-list" data-testid="sayhi-list">
          {data.list.map((item, i) => (
            <Row key={item.sayid} item={item} image={listImage(i, FIRST_SCREEN_ROWS)} />
          ))}
        </ul>
      )}
      {data && data.list.length < data.total && !view.offline && (
        <button type="button" className="btn btn-ghost sayhi-more" onClick={() => void view.loadMore()}>
          Load more
        </button>
      )}
    </>
  );
}

function Tabs() {
  const path = useLocation({ select: (l) => l.pathname });
  const tabs = [
    ['/sayhilistindex/all', 'All'],
    ['/sayhilistindex/waithasdata', 'Responses'],
    ['/wait/sayhiwaitreply', 'Waiting for reply'],
  ] as const;
  return (
    <nav className="sayhi-tabs" aria-label="Say Hi lists">
      {tabs.map(([to, label]) => (
        <Link key={to} to={to} aria-current={path === to ? 'page' : undefined}>
          {label}
        </Link>
      ))}
    </nav>
  );
}

function Header({ title }: { title: string }) {
  const left = useSnapshot(vouchersState).info?.left_say_hi_num;
  return (
    <header className="sayhi-header">
      <h1 className="page-title">{title}</h1>
      <p className="muted">
        {left !== undefined && <>You have {left} Say Hi left. </>}
        <Link to="/sayhiabout">How Say Hi works</Link>
      </p>
      <Tabs />
    </header>
  );
}

const NoSayHi = () => (
  <>
    <p>No data to show.</p>
    <p className="muted">Say Hi to a broadcaster from her profile: it is free.</p>
    <Link to="/masterlist" className="btn btn-primary">
      Discover broadcasters
    </Link>
  </>
);

export function SayHiListPage({ which }: { which: 'all' | 'waithasdata' }) {
  return (
    <div className="page sayhi-page" data-testid={`sayhi-list-${which}`}>
      <Header title="Say Hi" />
      <SayHiList
        type={which === 'all' ? 'all' : 'data'}
        empty={which === 'all' ? <NoSayHi /> : <p>No responses yet. Responses appear here as they arrive.</p>}
      />
    </div>
  );
}

export function SayHiWaitPage() {
  return (
    <div className="page sayhi-page" data-testid="sayhi-wait">
      <Header title="Waiting for reply" />
      <p className="muted">At most {SAY_HI_MAX_WAITING} Say Hi can wait for a reply at a time.</p>
      <SayHiList type="wait" empty={<p>No Say Hi is waiting for a reply.</p>} />
    </div>
  );
}

/** The detail from the network, or (offline) from the lists stored on this device. */
function useDetail(sayid: string) {
  const userid = useSnapshot(userState).me?.userid ?? '';
  const [item, setItem] = useState<SayHiItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** When the item shown is the copy saved on this device (offline), the time it was saved. */
  const [storedAt, setStoredAt] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setItem(null);
    setError(null);
    getSayHiDetail(sayid).then(
      (fresh) => {
        if (!live) return;
        setItem(fresh);
        setStoredAt(null);
      },
      async (failure: unknown) => {
        if (!live) return;
        if (isConnectionError(failure) && userid) {
          const saved = await readSayHiList(userid, 'all');
          const cached = saved?.data.list.find((s) => s.sayid === sayid);
          if (live && saved && cached) {
            setItem(cached);
            setStoredAt(saved.savedAt);
            return;
          }
        }
        if (live) setError(errorText(failure));
      },
    );
    return () => {
      live = false;
    };
  }, [sayid, userid, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { item, error, storedAt, reload };
}

export function SayHiDetailPage() {
  const sayid = useLocation({ select: (l) => String((l.search as Record<string, unknown>).sayid ?? '') });
  const { item, error, storedAt, reload } = useDetail(sayid);
  return (
    <div className="page sayhi-page" data-testid="sayhi-detail">
      <p className="sayhi-kicker">
        <Link to="/sayhilistindex/all">← Say Hi</Link>
      </p>
      {!item && !error && (
        <p className="sayhi-loading" role="status">
          Loading…
        </p>
      )}
      {error && !item && <ErrorRetry message={error} onRetry={reload} />}
      {item && (
        <>
          <h1 className="page-title">Say Hi to {item.anchor_nickname}</h1>
          {storedAt !== null && <SavedNote savedAt={storedAt} onRefresh={reload} />}
          <SayHiCard to={item.anchor_nickname} greeting={item.greeting} theme={item.theme} />
          <p className="muted">
            Sent <When seconds={item.send_time} />
          </p>
          <section className="sayhi-response card" aria-labelledby="sayhi-response-title">
            <h2 id="sayhi-response-title">
              {item.has_response ? `${item.anchor_nickname}'s response` : 'Waiting for reply'}
            </h2>
            {item.has_response ? (
              <>
                {/* Shown exactly as she typed it: text, never HTML. */}
                <p className="sayhi-response-text" data-testid="sayhi-response">
                  {item.response}
                </p>
                <p className="muted">
                  <When seconds={item.response_time} /> · Reading the first response is free.
                </p>
              </>
            ) : (
              <p>{item.anchor_nickname} has not answered yet. You will see her response here.</p>
            )}
            <Link to={`/anchor/${item.anchor_id}`} className="btn btn-ghost">
              View her profile
            </Link>
          </section>
        </>
      )}
    </div>
  );
}

export function SayHiAboutPage() {
  const left = useSnapshot(vouchersState).info?.left_say_hi_num;
  return (
    <div className="page sayhi-page sayhi-about" data-testid="sayhi-about">
      <p className="sayhi-kicker">Say Hi</p>
      <h1 className="page-title">A free hello</h1>
      <p className="sayhi-lead">Say Hi is free to send and to read the first response.</p>
      <ol className="sayhi-steps">
        <li>Open the profile of a broadcaster you like and press Say Hi.</li>
        <li>Choose a greeting and a card, preview it, and send.</li>
        <li>Her response appears under Say Hi responses. Open it to read it.</li>
      </ol>
      <ul className="sayhi-rules">
        <li>Each Say Hi uses one Say Hi allowance{left !== undefined ? ` (you have ${left})` : ''}.</li>
        <li>One Say Hi per broadcaster.</li>
        <li>At most {SAY_HI_MAX_WAITING} Say Hi can wait for a reply at a time.</li>
        <li>Read the responses you received before you send a new one.</li>
      </ul>
      <div className="sayhi-actions">
        <Link to="/masterlist" className="btn btn-primary">
          Find someone to Say Hi to
        </Link>
        <Link to="/sayhilistindex/all" className="btn btn-ghost">
          Your Say Hi
        </Link>
      </div>
    </div>
  );
}

export const SayHiAllPage = () => <SayHiListPage which="all" />;
export const SayHiWithDataPage = () => <SayHiListPage which="waithasdata" />;
