/**
 * Her album in her workspace: upload a photo, or a video (its cover drawn from a frame in her
 * browser), with a description and a private flag; change or delete what is there; and preview
 * My Photos and My Videos as they show on her profile. The server checks every file by content and
 * answers the spec's texts (format, size, dimensions), shown here as they come.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ALBUM_DESC_MAX, type AlbumItem, AlbumMessages, AlbumType } from '../../../protocol/albums/albums';
import {
  MailMessages,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  VIDEO_MAX_BYTES,
  VIDEO_TYPES,
  VideoMessages,
} from '../../../protocol/mail/mail';
import { errorText } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { showToast } from '../../state/ui';
import { userState } from '../../state/user';
import { AnchorAlbums } from './AnchorAlbums';
import { albumPagesReducer, initialAlbumPages, nextStart } from './album-pages';
import { addAlbumItem, deleteAlbumItem, editAlbumItem, getLadyAlbum, uploadAlbumFile } from './api';
import { drawCover } from './cover-frame';
import './albums.css';

/** A file uploaded and waiting for its description and flag. */
type Pending = { kind: 'photo' | 'video'; uploadId: string; coverId?: string; preview: string; name: string };

export function LadyAlbumPanel() {
  const { me } = useSnapshot(userState);
  const [version, setVersion] = useState(0);
  const [preview, setPreview] = useState(false);
  if (!me) return null;
  return (
    <section className="card workspace-panel" aria-labelledby="lady-album-title" data-testid="lady-album">
      <h2 id="lady-album-title">My album</h2>
      <p className="muted">
        Photos and videos members see on your profile under My Photos and My Videos. Private ones open for
        members with Intimacy Level 2 or above with you.
      </p>
      <AlbumUpload onAdded={() => setVersion((v) => v + 1)} />
      <AlbumList key={version} onChanged={() => setVersion((v) => v + 1)} />
      <button
        type="button"
        className="btn btn-ghost"
        aria-expanded={preview}
        onClick={() => setPreview((p) => !p)}
      >
        {preview ? 'Hide the preview' : 'See it as members do'}
      </button>
      {preview && <AnchorAlbums key={version} anchorId={me.userid} nickname={me.nickname} canLike={false} />}
    </section>
  );
}

function AlbumUpload({ onAdded }: { onAdded: () => void }) {
  const [progress, setProgress] = useState<number | undefined>();
  const [error, setError] = useState('');
  const [pending, setPending] = useState<Pending | undefined>();
  const [desc, setDesc] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [adding, setAdding] = useState(false);
  const photoInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => pending && URL.revokeObjectURL(pending.preview), [pending]);

  async function choose(kind: 'photo' | 'video', file: File | undefined) {
    if (!file) return;
    setError('');
    setPending(undefined);
    const max = kind === 'photo' ? PHOTO_MAX_BYTES : VIDEO_MAX_BYTES;
    // The size is known before a byte goes: say so at once (the server checks it again).
    if (file.size >= max) {
      setError(kind === 'photo' ? MailMessages.tooLarge : VideoMessages.tooLarge);
      return;
    }
    setProgress(0);
    try {
      if (kind === 'photo') {
        const answer = await uploadAlbumFile('photo', file, setProgress);
        setPending({ kind, uploadId: answer.upload_id, preview: URL.createObjectURL(file), name: file.name });
      } else {
        const answer = await uploadAlbumFile('video', file, (f) => setProgress(f * 0.9));
        let cover: Blob;
        try {
          cover = await drawCover(file);
        } catch (e) {
          throw new Error(`${errorText(e)} ${AlbumMessages.coverNeeded}`);
        }
        const coverAnswer = await uploadAlbumFile('photo', cover, (f) => setProgress(0.9 + f * 0.1));
        setPending({
          kind,
          uploadId: answer.upload_id,
          coverId: coverAnswer.upload_id,
          preview: URL.createObjectURL(cover),
          name: file.name,
        });
      }
      setDesc('');
      setPrivate(false);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setProgress(undefined);
      for (const input of [photoInput.current, videoInput.current]) if (input) input.value = '';
    }
  }

  async function add() {
    if (!pending) return;
    setAdding(true);
    setError('');
    try {
      await addAlbumItem({ uploadId: pending.uploadId, coverId: pending.coverId, desc, isPrivate });
      setPending(undefined);
      showToast(
        pending.kind === 'photo' ? 'Photo added to your album.' : 'Video added to your album.',
        'info',
      );
      onAdded();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setAdding(false);
    }
  }

  const busy = progress !== undefined;
  return (
    <div className="album-manage-form">
      <div className="album-manage-row">
        <label className="btn btn-secondary">
          Upload a photo
          <input
            ref={photoInput}
            type="file"
            className="visually-hidden"
            accept={PHOTO_TYPES.join(',')}
            disabled={busy}
            data-testid="album-photo-input"
            onChange={(e) => void choose('photo', e.target.files?.[0])}
          />
        </label>
        <label className="btn btn-secondary">
          Upload a video
          <input
            ref={videoInput}
            type="file"
            className="visually-hidden"
            accept={VIDEO_TYPES.join(',')}
            disabled={busy}
            data-testid="album-video-input"
            onChange={(e) => void choose('video', e.target.files?.[0])}
          />
        </label>
        <span className="muted">JPEG, PNG or GIF under 5 MB, 120–3600 px; WebM or MP4 under 20 MB.</span>
      </div>
      {busy && (
        <progress
          className="album-progress"
          max={1}
          value={progress}
          aria-label="Uploading"
          data-testid="album-progress"
        />
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="album-upload-error">
          {error}
        </p>
      )}
      {pending && (
        <form
          className="album-manage-form"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <img className="album-preview" src={pending.preview} alt={`Preview of ${pending.name}`} />
          <label>
            Description
            <input
              type="text"
              value={desc}
              maxLength={ALBUM_DESC_MAX}
              onChange={(e) => setDesc(e.target.value)}
              data-testid="album-desc"
            />
          </label>
          <label>
            <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />{' '}
            Private (Intimacy Level 2 or above)
          </label>
          <div className="album-manage-row">
            <button type="submit" className="btn btn-primary" disabled={adding} data-testid="album-add">
              Add to my album
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setPending(undefined)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

function AlbumList({ onChanged }: { onChanged: () => void }) {
  const [state, dispatch] = useReducer(albumPagesReducer, initialAlbumPages);
  const stateRef = useRef(state);
  stateRef.current = state;
  const inFlight = useRef(false);

  const load = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    dispatch({ type: 'request' });
    try {
      const page = await getLadyAlbum(nextStart(stateRef.current), 0);
      dispatch({ type: 'page', list: page.list, total: page.total_count });
    } catch (error) {
      dispatch({ type: 'failed', error: errorText(error) });
    } finally {
      inFlight.current = false;
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  if (!state.loaded) {
    return state.status === 'retry' ? (
      <ErrorRetry message={state.error || AlbumMessages.loadFailed} onRetry={() => void load()} />
    ) : (
      <p className="muted">Loading your album…</p>
    );
  }
  if (state.items.length === 0) return <p className="muted">{AlbumMessages.empty}</p>;
  return (
    <>
      <ul className="album-manage-list" data-testid="lady-album-list">
        {state.items.map((item) => (
          <ManagedItem
            key={item.id}
            item={item}
            onSaved={(changed) => dispatch({ type: 'item', item: changed })}
            onDeleted={onChanged}
          />
        ))}
      </ul>
      {state.status !== 'nodata' && (
        <div className="load-more">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={state.status === 'loading'}
            onClick={() => void load()}
          >
            {state.status === 'retry' ? 'Retry' : state.status === 'loading' ? 'Loading…' : 'Load More'}
          </button>
        </div>
      )}
    </>
  );
}

function ManagedItem({
  item,
  onSaved,
  onDeleted,
}: {
  item: AlbumItem;
  onSaved: (item: AlbumItem) => void;
  onDeleted: () => void;
}) {
  const [desc, setDesc] = useState(item.file_desc);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const kind = item.type === AlbumType.video ? 'Video' : 'Photo';

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (e) {
      showToast(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  const save = (change: { desc?: string; isPrivate?: boolean }) =>
    run(async () => onSaved(await editAlbumItem(item.id, change)));

  return (
    <li className="album-manage-item" data-testid="lady-album-item">
      <img src={item.img} alt="" width={96} height={72} loading="lazy" />
      <div className="album-manage-form">
        <form
          className="album-manage-row"
          onSubmit={(e) => {
            e.preventDefault();
            void save({ desc });
          }}
        >
          <label className="visually-hidden" htmlFor={`desc-${item.id}`}>
            {kind} description
          </label>
          <input
            id={`desc-${item.id}`}
            type="text"
            value={desc}
            maxLength={ALBUM_DESC_MAX}
            placeholder={`${kind} description`}
            onChange={(e) => setDesc(e.target.value)}
          />
          <button
            type="submit"
            className="btn btn-small btn-secondary"
            disabled={busy || desc === item.file_desc}
          >
            Save
          </button>
        </form>
        <div className="album-manage-row">
          <span className="badge">{kind}</span>
          <label>
            <input
              type="checkbox"
              checked={item.is_private === 1}
              disabled={busy}
              onChange={(e) => void save({ isPrivate: e.target.checked })}
            />{' '}
            Private
          </label>
          <span className="muted">♥ {item.interest}</span>
          {confirming ? (
            <fieldset className="album-manage-row album-confirm">
              <legend className="visually-hidden">Confirm delete</legend>
              <span>{AlbumMessages.deleteConfirm}</span>
              <button
                type="button"
                className="btn btn-small btn-primary"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    await deleteAlbumItem(item.id);
                    onDeleted();
                  })
                }
              >
                Delete
              </button>
              <button type="button" className="btn btn-small btn-ghost" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </fieldset>
          ) : (
            <button type="button" className="btn btn-small btn-ghost" onClick={() => setConfirming(true)}>
              Delete
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
