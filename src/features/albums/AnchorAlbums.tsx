/**
 * Her album on the profile: My Photos (a grid, 6 a page, Load More) and My Videos, each opening the
 * shared slideshow at the item clicked. A private item the member may not see yet (below Intimacy
 * Level 2) shows as a blurred tile that says so; its picture is the server's locked preview, so
 * nothing of it reaches the browser.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { type AlbumItem, AlbumMessages, AlbumType } from '../../../protocol/albums/albums';
import { PrivateMediaTexts } from '../../../protocol/albums/private-media';
import { imageSrcSet } from '../../../protocol/images';
import { errorText } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { showToast } from '../../state/ui';
import { Slideshow } from '../media-viewer';
import {
  albumPagesReducer,
  initialAlbumPages,
  type LoadMoreState,
  nextStart,
  toViewerItem,
} from './album-pages';
import { getAnchorAlbum, setAlbumInterested } from './api';
import './albums.css';

export interface AnchorAlbumsProps {
  anchorId: string;
  nickname: string;
  /** Members may mark items they like; her own preview shows the counts only. */
  canLike?: boolean;
}

export function AnchorAlbums(props: AnchorAlbumsProps) {
  return (
    <>
      <AlbumSection {...props} type={AlbumType.photo} title="My Photos" empty={AlbumMessages.empty} />
      <AlbumSection {...props} type={AlbumType.video} title="My Videos" empty={AlbumMessages.emptyVideos} />
    </>
  );
}

const LABELS: Record<LoadMoreState, string> = {
  loadmore: 'Load More',
  loading: 'Loading…',
  retry: 'Retry',
  nodata: 'No more',
};

function AlbumSection({
  anchorId,
  nickname,
  canLike = true,
  type,
  title,
  empty,
}: AnchorAlbumsProps & { type: number; title: string; empty: string }) {
  const [state, dispatch] = useReducer(albumPagesReducer, initialAlbumPages);
  const [open, setOpen] = useState<number | undefined>();
  const stateRef = useRef(state);
  stateRef.current = state;
  const live = useRef(true);
  const inFlight = useRef(false);
  const kind = type === AlbumType.video ? 'videos' : 'photos';
  const titleId = `album-${kind}-title`;

  const load = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    dispatch({ type: 'request' });
    try {
      const page = await getAnchorAlbum(anchorId, nextStart(stateRef.current), type);
      if (live.current) dispatch({ type: 'page', list: page.list, total: page.total_count });
    } catch (error) {
      if (live.current) dispatch({ type: 'failed', error: errorText(error) });
    } finally {
      inFlight.current = false;
    }
  }, [anchorId, type]);

  useEffect(() => {
    live.current = true;
    void load();
    return () => {
      live.current = false;
    };
  }, [load]);

  async function like(item: AlbumItem) {
    const on = item.is_interested !== 1;
    try {
      const answer = await setAlbumInterested(item.id, on);
      dispatch({ type: 'item', item: { id: item.id, ...answer } });
    } catch (error) {
      showToast(errorText(error));
    }
  }

  const heading = (
    <h2 id={titleId}>
      {title}
      {state.loaded && state.total > 0 && <span className="album-count"> ({state.total})</span>}
    </h2>
  );

  if (!state.loaded) {
    return (
      <section className="card profile-panel album" aria-labelledby={titleId} data-testid={`album-${kind}`}>
        {heading}
        {state.status === 'retry' ? (
          <ErrorRetry message={state.error || AlbumMessages.loadFailed} onRetry={() => void load()} />
        ) : (
          <div className="album-grid" aria-busy="true">
            {[0, 1, 2].map((k) => (
              <div key={k} className="album-tile album-skeleton" />
            ))}
          </div>
        )}
      </section>
    );
  }

  const current = open === undefined ? undefined : state.items[open];
  return (
    <section className="card profile-panel album" aria-labelledby={titleId} data-testid={`album-${kind}`}>
      {heading}
      {state.items.length === 0 ? (
        <p className="muted" data-testid="album-empty">
          {empty}
        </p>
      ) : (
        <ul className="album-grid" aria-busy={state.status === 'loading'}>
          {state.items.map((item, index) => (
            <li key={item.id}>
              <AlbumTile item={item} nickname={nickname} onOpen={() => setOpen(index)} />
            </li>
          ))}
        </ul>
      )}
      {state.items.length > 0 && state.status !== 'nodata' && (
        <div className="load-more">
          {state.status === 'retry' && (
            <p className="load-more-error" role="alert">
              {state.error}
            </p>
          )}
          <button
            type="button"
            className="btn btn-secondary"
            data-testid={`album-${kind}-more`}
            data-state={state.status}
            disabled={state.status === 'loading'}
            onClick={() => void load()}
          >
            {state.status === 'loading' && <span className="spinner spinner-small" aria-hidden="true" />}
            {LABELS[state.status]}
          </button>
        </div>
      )}
      {open !== undefined && (
        <Slideshow
          items={state.items.map((i) => toViewerItem(i, nickname))}
          start={open}
          title={`${nickname}'s ${kind}`}
          onIndex={setOpen}
          onClose={() => setOpen(undefined)}
          extra={() =>
            current && current.is_can_watch === 1 ? (
              <Interest item={current} canLike={canLike} onToggle={() => void like(current)} />
            ) : null
          }
        />
      )}
    </section>
  );
}

function AlbumTile({ item, nickname, onOpen }: { item: AlbumItem; nickname: string; onOpen: () => void }) {
  const locked = item.is_can_watch !== 1;
  const video = item.type === AlbumType.video;
  const name = item.file_desc || (video ? 'Video' : 'Photo');
  return (
    <button
      type="button"
      className={`album-tile${locked ? ' album-locked' : ''}`}
      data-testid="album-tile"
      data-locked={locked ? 1 : 0}
      aria-label={
        locked ? `${name}: private` : item.interest > 0 ? `${name}, ${item.interest} interested` : name
      }
      onClick={onOpen}
    >
      <img
        src={item.img}
        srcSet={imageSrcSet(item.img)}
        sizes="160px"
        alt=""
        loading="lazy"
        width={160}
        height={120}
      />
      {video && !locked && (
        <span className="album-play" aria-hidden="true">
          ▶
        </span>
      )}
      {locked && <span className="album-lock-text">{PrivateMediaTexts.intimacy(nickname)}</span>}
      {!locked && item.interest > 0 && (
        <span className="album-interest" aria-hidden="true">
          ♥ {item.interest}
        </span>
      )}
    </button>
  );
}

function Interest({ item, canLike, onToggle }: { item: AlbumItem; canLike: boolean; onToggle: () => void }) {
  if (!canLike) return <span className="album-interest-static">♥ {item.interest} interested</span>;
  return (
    <button
      type="button"
      className={`btn btn-small ${item.is_interested ? 'btn-primary' : 'btn-ghost'}`}
      aria-pressed={item.is_interested === 1}
      data-testid="album-interest"
      onClick={onToggle}
    >
      ♥ {item.is_interested ? 'Interested' : "I'm interested"} · {item.interest}
    </button>
  );
}
