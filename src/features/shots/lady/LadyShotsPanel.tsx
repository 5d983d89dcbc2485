/**
 * Her shots in her workspace: post a photo, a video (its cover drawn from a frame in her browser)
 * or a text shot, with a description, private or public, shown on her profile or not; her shots
 * with their likes; delete one after a confirmation. The server checks every file by content and
 * answers the spec's texts (format, size, dimensions), shown here as they come. Members' comments
 * reach her as private messages in the Messages panel, with the shot beside them.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  MailMessages,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  VIDEO_MAX_BYTES,
  VIDEO_TYPES,
  VideoMessages,
} from '../../../../protocol/mail/mail';
import {
  type LadyShot,
  SHOT_CONTENT_MAX,
  ShotMessages,
  ShotType,
  type ShotTypeCode,
} from '../../../../protocol/shots/shots';
import { errorText } from '../../../api/use-request';
import { ErrorRetry } from '../../../app/layout/ErrorRetry';
import { showToast } from '../../../state/ui';
import { drawCover } from '../../albums/cover-frame';
import { addShot, deleteShot, getLadyShots, uploadShotFile } from '../api';
import '../../media-viewer/media-viewer.css';
import '../shots.css';

/** A file uploaded and waiting for the post. */
type Uploaded = { uploadId: string; coverId?: string; preview: string; name: string };

const KINDS: { type: ShotTypeCode; label: string }[] = [
  { type: ShotType.photo, label: 'Photo' },
  { type: ShotType.video, label: 'Video' },
  { type: ShotType.text, label: 'Text' },
];

export function LadyShotsPanel() {
  const [version, setVersion] = useState(0);
  return (
    <section className="card workspace-panel" aria-labelledby="lady-shots-title" data-testid="lady-shots">
      <h2 id="lady-shots-title">My shots</h2>
      <p className="muted">
        Posts members see on your profile and in your room. Private ones open for members with Intimacy Level
        2 or above with you; their comments arrive in your messages.
      </p>
      <PostShot onPosted={() => setVersion((v) => v + 1)} />
      <ShotList key={version} />
    </section>
  );
}

function PostShot({ onPosted }: { onPosted: () => void }) {
  const [type, setType] = useState<ShotTypeCode>(ShotType.photo);
  const [uploaded, setUploaded] = useState<Uploaded | undefined>();
  const [progress, setProgress] = useState<number | undefined>();
  const [content, setContent] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [onProfile, setOnProfile] = useState(true);
  const [error, setError] = useState('');
  const [posting, setPosting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => () => uploaded && URL.revokeObjectURL(uploaded.preview), [uploaded]);

  async function choose(file: File | undefined) {
    if (!file) return;
    setError('');
    setUploaded(undefined);
    const video = type === ShotType.video;
    // The size is known before a byte goes: say so at once (the server checks it again).
    if (file.size >= (video ? VIDEO_MAX_BYTES : PHOTO_MAX_BYTES)) {
      setError(video ? VideoMessages.tooLarge : MailMessages.tooLarge);
      return;
    }
    setProgress(0);
    try {
      if (!video) {
        const answer = await uploadShotFile('photo', file, setProgress);
        setUploaded({ uploadId: answer.upload_id, preview: URL.createObjectURL(file), name: file.name });
      } else {
        const answer = await uploadShotFile('video', file, (f) => setProgress(f * 0.9));
        let cover: Blob;
        try {
          cover = await drawCover(file);
        } catch (e) {
          throw new Error(`${errorText(e)} ${ShotMessages.coverNeeded}`);
        }
        const coverAnswer = await uploadShotFile('photo', cover, (f) => setProgress(0.9 + f * 0.1));
        setUploaded({
          uploadId: answer.upload_id,
          coverId: coverAnswer.upload_id,
          preview: URL.createObjectURL(cover),
          name: file.name,
        });
      }
    } catch (e) {
      setError(errorText(e));
    } finally {
      setProgress(undefined);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  async function post() {
    setError('');
    if (type === ShotType.text && content.trim() === '') return setError(ShotMessages.textNeeded);
    if (type !== ShotType.text && !uploaded) return setError(ShotMessages.fileNeeded);
    setPosting(true);
    try {
      await addShot({
        type,
        uploadId: uploaded?.uploadId,
        coverId: uploaded?.coverId,
        content,
        isPrivate,
        showOnProfile: onProfile,
      });
      setUploaded(undefined);
      setContent('');
      setPrivate(false);
      setOnProfile(true);
      showToast('Your shot is posted.', 'info');
      onPosted();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setPosting(false);
    }
  }

  const busy = progress !== undefined;
  const media = type !== ShotType.text;
  return (
    <form
      className="lady-shot-form"
      onSubmit={(e) => {
        e.preventDefault();
        void post();
      }}
    >
      <fieldset className="lady-shot-kinds">
        <legend>What to post</legend>
        {KINDS.map((k) => (
          <label key={k.type}>
            <input
              type="radio"
              name={`${id}-type`}
              checked={type === k.type}
              disabled={busy || posting}
              onChange={() => {
                setType(k.type);
                setUploaded(undefined);
                setError('');
              }}
            />{' '}
            {k.label}
          </label>
        ))}
      </fieldset>
      {media && (
        <div className="lady-shot-row">
          <label className="btn btn-secondary">
            {type === ShotType.video ? 'Choose a video' : 'Choose a photo'}
            <input
              ref={fileInput}
              type="file"
              className="visually-hidden"
              accept={(type === ShotType.video ? VIDEO_TYPES : PHOTO_TYPES).join(',')}
              disabled={busy || posting}
              data-testid="shot-file-input"
              onChange={(e) => void choose(e.target.files?.[0])}
            />
          </label>
          <span className="muted">
            {type === ShotType.video
              ? 'WebM or MP4 under 20 MB.'
              : 'JPEG, PNG or GIF under 5 MB, 120–3600 px.'}
          </span>
        </div>
      )}
      {busy && <progress max={1} value={progress} aria-label="Uploading" data-testid="shot-progress" />}
      {uploaded && media && (
        <img className="lady-shot-preview" src={uploaded.preview} alt={`Preview of ${uploaded.name}`} />
      )}
      <label htmlFor={`${id}-content`}>{media ? 'Description' : 'Your words'}</label>
      <textarea
        id={`${id}-content`}
        rows={media ? 2 : 4}
        value={content}
        maxLength={SHOT_CONTENT_MAX}
        onChange={(e) => setContent(e.target.value)}
        data-testid="shot-content"
      />
      <div className="lady-shot-row">
        <label>
          <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} /> Private
          (Intimacy Level 2 or above)
        </label>
        <label>
          <input type="checkbox" checked={onProfile} onChange={(e) => setOnProfile(e.target.checked)} /> Show
          on my profile
        </label>
      </div>
      {error && (
        <p className="form-error" role="alert" data-testid="shot-post-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy || posting} data-testid="shot-post">
        {posting ? 'Posting…' : 'Post'}
      </button>
    </form>
  );
}

function ShotList() {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'ready'; list: LadyShot[] } | { status: 'failed'; error: string }
  >({ status: 'loading' });
  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', list: (await getLadyShots()).list });
    } catch (e) {
      setState({ status: 'failed', error: errorText(e) });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (state.status === 'loading') return <p className="muted">Loading your shots…</p>;
  if (state.status === 'failed') return <ErrorRetry message={state.error} onRetry={() => void load()} />;
  if (state.list.length === 0) return <p className="muted">{ShotMessages.blank}</p>;
  const removed = (id: number) =>
    setState((s) => (s.status === 'ready' ? { ...s, list: s.list.filter((x) => x.id !== id) } : s));
  return (
    <ul className="lady-shot-list" data-testid="lady-shot-list">
      {state.list.map((shot) => (
        <ShotRow key={shot.id} shot={shot} onDeleted={() => removed(shot.id)} />
      ))}
    </ul>
  );
}

function ShotRow({ shot, onDeleted }: { shot: LadyShot; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const kind = KINDS.find((k) => k.type === shot.type)?.label ?? 'Shot';
  const words = shot.type === ShotType.text ? shot.content : shot.file_desc;
  async function remove() {
    setBusy(true);
    try {
      await deleteShot(shot.id);
      onDeleted();
    } catch (e) {
      showToast(errorText(e));
      setBusy(false);
    }
  }
  return (
    <li className="lady-shot-item" data-testid="lady-shot-item" data-id={shot.id}>
      {shot.type === ShotType.text ? (
        <span className={`lady-shot-thumb shot-tile-text viewer-bg-${shot.bgNumber}`} aria-hidden />
      ) : (
        <img className="lady-shot-thumb" src={shot.img} alt="" width={96} height={72} loading="lazy" />
      )}
      <div className="lady-shot-body">
        <p className="lady-shot-words">{words || <span className="muted">No description</span>}</p>
        <p className="lady-shot-meta">
          <span className="badge">{kind}</span>{' '}
          {shot.is_private === 1 && <span className="badge">Private</span>}{' '}
          {shot.is_show_profile === 1 ? 'On my profile' : 'Not on my profile'} ·{' '}
          <span data-testid="shot-like-count">
            ♥ {shot.like_count} {shot.like_count === 1 ? 'like' : 'likes'}
          </span>
        </p>
        {confirming ? (
          <fieldset className="lady-shot-row">
            <legend className="visually-hidden">Confirm delete</legend>
            <span>Delete this shot? Members will no longer see it.</span>
            <button
              type="button"
              className="btn btn-small btn-primary"
              disabled={busy}
              onClick={() => void remove()}
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
    </li>
  );
}
