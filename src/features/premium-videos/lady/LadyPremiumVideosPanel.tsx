/**
 * The broadcaster's premium videos in her workspace: upload one (the file with progress, a title and
 * description, a cover drawn from a frame of it), her list with how many members marked and unlocked
 * each, edit its words, and delete it after a confirmation (members who unlocked it keep it).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { VIDEO_MAX_BYTES, VideoMessages } from '../../../../protocol/mail/mail';
import {
  type LadyPremiumVideo,
  PREMIUM_DESCRIPTION_MAX,
  PREMIUM_TITLE_MAX,
  PremiumMessages,
} from '../../../../protocol/premium-videos/premium-videos';
import { errorText } from '../../../api/use-request';
import { Modal } from '../../../app/popups/Modal';
import {
  addLadyVideo,
  deleteLadyVideo,
  editLadyVideo,
  getLadyVideos,
  uploadPremiumCover,
  uploadPremiumVideo,
} from '../api';
import { durationText } from '../rules';
import { coverFrame } from './cover-frame';
import '../premium-videos.css';

export function LadyPremiumVideosPanel() {
  const [videos, setVideos] = useState<LadyPremiumVideo[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState('');
  const [removing, setRemoving] = useState<LadyPremiumVideo | null>(null);

  const load = useCallback(async () => {
    setState('loading');
    try {
      setVideos(await getLadyVideos());
      setState('ready');
    } catch (e) {
      setError(errorText(e));
      setState('error');
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section
      className="card workspace-panel pv-lady"
      aria-labelledby="pv-lady-title"
      data-testid="lady-premium-videos"
    >
      <header className="workspace-head">
        <h2 id="pv-lady-title">My premium videos</h2>
      </header>
      <p className="muted">Members unlock each video once and can then watch it as often as they like.</p>
      <UploadForm onAdded={load} />
      {state === 'loading' && videos.length === 0 && <p className="workspace-empty">Loading your videos…</p>}
      {state === 'error' && (
        <p className="workspace-empty" role="alert">
          {error}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={() => void load()}>
            Retry
          </button>
        </p>
      )}
      {state === 'ready' && videos.length === 0 && (
        <p className="workspace-empty">You have no premium videos yet. Upload your first one above.</p>
      )}
      {videos.length > 0 && (
        <ul className="pv-lady-list" data-testid="lady-premium-list">
          {videos.map((v) => (
            <OwnVideo key={v.video_id} video={v} onChanged={load} onDelete={() => setRemoving(v)} />
          ))}
        </ul>
      )}
      {removing && (
        <DeleteDialog
          video={removing}
          onClose={() => setRemoving(null)}
          onDeleted={() => {
            setRemoving(null);
            void load();
          }}
        />
      )}
    </section>
  );
}

type Step = 'idle' | 'reading' | 'uploading' | 'saving';

function UploadForm({ onAdded }: { onAdded: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [frame, setFrame] = useState<{ cover: Blob; url: string; duration: number } | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [step, setStep] = useState<Step>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  // A new key empties the file input after an upload.
  const [inputKey, setInputKey] = useState(0);

  useEffect(
    () => () => {
      if (frame) URL.revokeObjectURL(frame.url);
    },
    [frame],
  );

  const choose = async (chosen: File | undefined) => {
    setError('');
    setDone('');
    setFrame(null);
    setFile(chosen ?? null);
    if (!chosen) return;
    if (chosen.size >= VIDEO_MAX_BYTES) return setError(VideoMessages.tooLarge);
    setStep('reading');
    try {
      const read = await coverFrame(chosen);
      setFrame({ ...read, url: URL.createObjectURL(read.cover) });
    } catch (e) {
      setError(e instanceof Error ? e.message : VideoMessages.badFormat);
    } finally {
      setStep('idle');
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError('');
    setDone('');
    if (!file || !frame) return setError('Please choose a video file first.');
    if (!title.trim()) return setError(PremiumMessages.badTitle);
    try {
      setStep('uploading');
      setProgress(0);
      const video = await uploadPremiumVideo(file, setProgress);
      const cover = await uploadPremiumCover(frame.cover);
      setStep('saving');
      await addLadyVideo({
        video_file_id: video.file_id,
        cover_file_id: cover.file_id,
        title: title.trim(),
        description: description.trim(),
        duration: frame.duration,
      });
      setDone(`“${title.trim()}” is now on your profile.`);
      setFile(null);
      setFrame(null);
      setTitle('');
      setDescription('');
      setInputKey((k) => k + 1);
      onAdded();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setStep('idle');
    }
  };

  const busy = step !== 'idle';
  return (
    <form className="pv-upload" onSubmit={submit} aria-busy={busy} data-testid="pv-upload-form">
      <div className="pv-upload-fields">
        <div className="field">
          <label htmlFor={`${id}-file`}>Video file (WebM or MP4, under 20 MB)</label>
          <input
            key={inputKey}
            id={`${id}-file`}
            type="file"
            accept="video/webm,video/mp4"
            disabled={busy}
            onChange={(e) => void choose(e.currentTarget.files?.[0])}
            data-testid="pv-upload-file"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-title`}>Title</label>
          <input
            id={`${id}-title`}
            value={title}
            maxLength={PREMIUM_TITLE_MAX}
            required
            disabled={busy}
            onChange={(e) => setTitle(e.currentTarget.value)}
            data-testid="pv-upload-title"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea
            id={`${id}-description`}
            value={description}
            maxLength={PREMIUM_DESCRIPTION_MAX}
            rows={3}
            disabled={busy}
            onChange={(e) => setDescription(e.currentTarget.value)}
            data-testid="pv-upload-description"
          />
        </div>
        <div>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || !frame}
            data-testid="pv-upload-submit"
          >
            {step === 'uploading' ? 'Uploading…' : step === 'saving' ? 'Saving…' : 'Upload video'}
          </button>
        </div>
        {step === 'uploading' && (
          <progress className="pv-progress" max={1} value={progress} aria-label="Upload progress">
            {Math.round(progress * 100)}%
          </progress>
        )}
        {error && (
          <p className="form-error" role="alert" data-testid="pv-upload-error">
            {error}
          </p>
        )}
        {done && (
          <p className="pv-owned" role="status" data-testid="pv-upload-done">
            {done}
          </p>
        )}
      </div>
      <div className="pv-upload-preview" aria-live="polite">
        {step === 'reading' && <p className="muted">Reading the video…</p>}
        {frame && (
          <>
            <img
              src={frame.url}
              alt="The cover members will see"
              width={280}
              height={158}
              data-testid="pv-upload-cover"
            />
            <p className="muted">Cover from a frame of your video · {durationText(frame.duration)}</p>
          </>
        )}
      </div>
    </form>
  );
}

function OwnVideo({
  video,
  onChanged,
  onDelete,
}: {
  video: LadyPremiumVideo;
  onChanged: () => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(video.title);
  const [description, setDescription] = useState(video.description);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = useId();
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await editLadyVideo(video.video_id, title.trim(), description.trim());
      setEditing(false);
      onChanged();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="pv-lady-item" data-testid="lady-premium-video">
      <img src={video.cover_url_png} alt="" width={120} height={68} loading="lazy" />
      <div>
        {editing ? (
          <form onSubmit={save} className="pv-upload-fields">
            <div className="field">
              <label htmlFor={`${id}-t`}>Title</label>
              <input
                id={`${id}-t`}
                value={title}
                maxLength={PREMIUM_TITLE_MAX}
                required
                onChange={(e) => setTitle(e.currentTarget.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-d`}>Description</label>
              <textarea
                id={`${id}-d`}
                value={description}
                maxLength={PREMIUM_DESCRIPTION_MAX}
                rows={3}
                onChange={(e) => setDescription(e.currentTarget.value)}
              />
            </div>
            <div className="pv-lady-actions">
              <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
                Save
              </button>
              <button type="button" className="btn btn-ghost btn-small" onClick={() => setEditing(false)}>
                Cancel
              </button>
            </div>
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
          </form>
        ) : (
          <>
            <h3>{video.title}</h3>
            <p className="pv-lady-counts">
              {durationText(video.duration)} · {video.interest_count} interested · {video.purchase_count}{' '}
              unlocked
            </p>
            <div className="pv-lady-actions">
              <a className="btn btn-ghost btn-small" href={video.video_url} target="_blank" rel="noreferrer">
                Play
              </a>
              <button type="button" className="btn btn-ghost btn-small" onClick={() => setEditing(true)}>
                Edit
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                onClick={onDelete}
                aria-label={`Delete ${video.title}`}
              >
                Delete
              </button>
            </div>
          </>
        )}
      </div>
    </li>
  );
}

function DeleteDialog({
  video,
  onClose,
  onDeleted,
}: {
  video: LadyPremiumVideo;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const remove = async () => {
    setBusy(true);
    setError('');
    try {
      await deleteLadyVideo(video.video_id);
      onDeleted();
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };
  return (
    <Modal
      title="Delete this video?"
      onClose={onClose}
      testId="pv-delete-dialog"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Keep it
          </button>
          <button type="button" className="btn btn-primary" onClick={remove} disabled={busy} aria-busy={busy}>
            Delete
          </button>
        </>
      }
    >
      <p>
        “{video.title}” will no longer be offered to members.
        {video.purchase_count > 0 &&
          ` The ${video.purchase_count === 1 ? 'member who unlocked it keeps' : `${video.purchase_count} members who unlocked it keep`} it.`}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
