/**
 * The broadcaster writes mail (paid to read) or greeting mail (free) to a member, with photos and
 * videos each marked private (the member buys it) or free. Her mail with members is listed below;
 * a member's new mail (imMan/sendEmfNotice) refreshes it, and Reply fills in his ID.
 */

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  MAIL_MAX_LENGTH,
  MailEvent,
  MailMessages,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  VIDEO_MAX_BYTES,
  VIDEO_TYPES,
  VideoMessages,
} from '../../../../protocol/mail/mail';
import { errorText } from '../../../api/use-request';
import { When } from '../../../app/time/When';
import { realtime } from '../../../realtime';
import { showToast } from '../../../state/ui';
import { ladyMailList, ladyReadMail, ladySendMail, uploadLadyMailPhoto, uploadMailVideo } from '../api';
import { LetterGiftLine } from '../LetterGift';
import { LetterSchedule } from '../LetterSchedule';
import { fingerprintOf } from '../rules';
import '../mail.css';

/**
 * A demo photo or video drawn by the server, or a photo or video file she uploaded (uploadId, its
 * name; a photo also its fingerprint, to refuse the same file twice, and a local preview URL).
 */
type Item = {
  type: 'photo' | 'video';
  free: boolean;
  uploadId?: string;
  name?: string;
  fingerprint?: string;
  preview?: string;
};
const token = (m: Item) => `${m.type}-${m.free ? 'free' : 'private'}${m.uploadId ? `:${m.uploadId}` : ''}`;
const label = (m: Item) =>
  `${m.type === 'photo' ? 'Photo' : 'Video'}${m.uploadId ? `: ${m.name ?? m.uploadId}` : ''}`;
/** Frees the local previews of items leaving the form. */
const release = (items: Item[]) => {
  for (const m of items) if (m.preview) URL.revokeObjectURL(m.preview);
};
type Row = Awaited<ReturnType<typeof ladyMailList>>['list'][number];

export function LadyMailPanel() {
  const [manId, setManId] = useState('');
  const [kind, setKind] = useState<'emf' | 'loi'>('emf');
  const [content, setContent] = useState('');
  const [media, setMedia] = useState<Item[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [rows, setRows] = useState<Row[] | null>(null);
  /** The member's mail she is answering, while the member ID still names him. */
  const [replyTo, setReplyTo] = useState<{ emfId: string; manId: string } | null>(null);
  const ids = { title: useId(), man: useId(), kind: useId(), text: useId() };
  const fileInput = useRef<HTMLInputElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<'photo' | 'video' | null>(null);
  const mediaRef = useRef(media);
  mediaRef.current = media;
  useEffect(() => () => release(mediaRef.current), []);

  /** Uploads a chosen video (checked by content on the server) and adds it, private by default. */
  async function attachVideo(file: File | undefined) {
    if (!file) return;
    setError('');
    // The server decides by the bytes; this only spares a long upload that cannot pass.
    if (file.size >= VIDEO_MAX_BYTES) return setError(VideoMessages.tooLarge);
    setUploading('video');
    try {
      const answer = await uploadMailVideo(file);
      setMedia((list) => [
        ...list,
        { type: 'video', free: false, uploadId: answer.video_id, name: file.name },
      ]);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setUploading(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  /**
   * Uploads a chosen photo and adds it, private by default. The server checks it by content with the
   * members' rules and answers the spec's text (format, under 5 MB, 120–3600 px); the same file
   * twice is refused here, the same picture under another name when the mail is sent.
   */
  async function attachPhoto(file: File | undefined) {
    if (!file) return;
    setError('');
    const fingerprint = fingerprintOf(file);
    const refusal =
      file.size >= PHOTO_MAX_BYTES
        ? MailMessages.tooLarge
        : media.some((m) => m.fingerprint === fingerprint)
          ? MailMessages.duplicatePhoto
          : '';
    if (refusal) {
      if (photoInput.current) photoInput.current.value = '';
      return setError(refusal);
    }
    setUploading('photo');
    try {
      const answer = await uploadLadyMailPhoto(file);
      const preview = URL.createObjectURL(file);
      setMedia((list) => [
        ...list,
        { type: 'photo', free: false, uploadId: answer.photo_id, name: file.name, fingerprint, preview },
      ]);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setUploading(null);
      if (photoInput.current) photoInput.current.value = '';
    }
  }

  const load = useCallback(() => {
    ladyMailList().then(
      (d) => setRows(d.list),
      () => setRows((r) => r ?? []),
    );
  }, []);
  useEffect(() => {
    load();
    return realtime.on(MailEvent.ladyEmfNotice, load);
  }, [load]);

  async function send() {
    setError('');
    if (!manId.trim()) return setError('Please enter the member’s ID');
    if (!content.trim()) return setError('the content can not be blank');
    setBusy(true);
    try {
      await ladySendMail(
        manId.trim(),
        kind,
        content,
        media.map(token),
        replyTo?.manId === manId.trim() ? replyTo.emfId : undefined,
      );
      setReplyTo(null);
      showToast(kind === 'emf' ? 'Your mail was sent.' : 'Your greeting mail was sent.', 'info');
      setContent('');
      release(media);
      setMedia([]);
      load();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card workspace-panel lady-mail" aria-labelledby={ids.title} data-testid="lady-mail">
      <header className="workspace-head">
        <h2 id={ids.title}>Mail</h2>
      </header>
      <form
        className="compose"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <div className="lady-mail-to">
          <div className="field">
            <label htmlFor={ids.man}>Member ID</label>
            <input
              id={ids.man}
              value={manId}
              onChange={(e) => setManId(e.target.value)}
              placeholder="e.g. M1001"
              autoComplete="off"
              data-testid="lady-mail-to"
            />
          </div>
          <div className="field">
            <label htmlFor={ids.kind}>Kind</label>
            <select
              id={ids.kind}
              value={kind}
              onChange={(e) => setKind(e.target.value === 'loi' ? 'loi' : 'emf')}
              data-testid="lady-mail-kind"
            >
              <option value="emf">Mail (the member pays to read)</option>
              <option value="loi">Greeting mail (free)</option>
            </select>
          </div>
        </div>
        <div className="field">
          <label htmlFor={ids.text}>Text</label>
          <textarea
            id={ids.text}
            rows={5}
            maxLength={MAIL_MAX_LENGTH}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            data-testid="lady-mail-text"
          />
        </div>
        <fieldset className="lady-mail-media">
          <legend>Photos and videos</legend>
          {media.map((m, i) => (
            <div
              key={`${i}-${m.type}-${m.uploadId ?? ''}`}
              className="lady-mail-item"
              data-testid="lady-mail-item"
            >
              {m.preview && <img src={m.preview} alt="" className="mail-avatar" width={48} height={48} />}{' '}
              <span className="lady-mail-item-name">{label(m)}</span>{' '}
              <label className="check">
                <input
                  type="checkbox"
                  checked={!m.free}
                  onChange={(e) =>
                    setMedia(media.map((x, j) => (j === i ? { ...x, free: !e.target.checked } : x)))
                  }
                />{' '}
                Private
              </label>{' '}
              <button
                type="button"
                className="btn btn-ghost btn-small"
                onClick={() => {
                  release([m]);
                  setMedia(media.filter((_, j) => j !== i));
                }}
              >
                Remove
              </button>
            </div>
          ))}
          {media.length < 6 && (
            <div className="lady-mail-add">
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => setMedia([...media, { type: 'photo', free: false }])}
                data-testid="lady-mail-add-photo"
              >
                Add a photo
              </button>{' '}
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => setMedia([...media, { type: 'video', free: false }])}
              >
                Add a video
              </button>{' '}
              <button
                type="button"
                className="btn btn-secondary btn-small"
                disabled={uploading !== null}
                onClick={() => photoInput.current?.click()}
                data-testid="lady-mail-attach-photo"
              >
                {uploading === 'photo' ? 'Uploading photo…' : 'Attach a photo file'}
              </button>{' '}
              <input
                ref={photoInput}
                type="file"
                accept={PHOTO_TYPES.join(',')}
                hidden
                aria-label="Photo file (JPEG, PNG or GIF)"
                disabled={uploading !== null}
                onChange={(e) => void attachPhoto(e.target.files?.[0])}
                data-testid="lady-mail-photo-file"
              />
              <button
                type="button"
                className="btn btn-secondary btn-small"
                disabled={uploading !== null}
                onClick={() => fileInput.current?.click()}
              >
                {uploading === 'video' ? 'Uploading video…' : 'Attach a video file'}
              </button>
              <input
                ref={fileInput}
                type="file"
                accept={VIDEO_TYPES.join(',')}
                hidden
                aria-label="Video file (WebM or MP4)"
                disabled={uploading !== null}
                onChange={(e) => void attachVideo(e.target.files?.[0])}
                data-testid="lady-mail-video-file"
              />
            </div>
          )}
        </fieldset>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="lady-mail-send">
          Send
        </button>
      </form>
      <h3>Your mail</h3>
      {rows === null && <p role="status">Loading…</p>}
      {rows?.length === 0 && <p className="muted">No data to show.</p>}
      {rows && rows.length > 0 && (
        <ul className="mail-list" data-testid="lady-mail-list">
          {rows.map((r) => (
            <li key={r.emf_id} className="mail-row" data-testid="lady-mail-row">
              <span className="mail-row-main">
                <strong>
                  {r.from_member ? `From ${r.man_nickname}` : `To ${r.man_nickname}`} ({r.man_id}) ·{' '}
                  {r.kind === 'loi' ? 'Greeting mail' : 'Mail'}
                </strong>
                {r.from_member === 1 && r.is_read === 0 ? (
                  // A member's mail shows once she opens it (its schedule request can then be answered).
                  <span className="mail-row-text muted">New mail, not read yet.</span>
                ) : (
                  <>
                    <span className="mail-row-text">{r.content}</span>
                    {r.photos.length > 0 && (
                      <span className="lady-mail-photos">
                        {r.photos.map((url) => (
                          <a key={url} href={url} target="_blank" rel="noreferrer">
                            <img
                              src={url}
                              alt="Attached"
                              className="mail-avatar"
                              width={48}
                              height={48}
                              loading="lazy"
                            />
                          </a>
                        ))}
                      </span>
                    )}
                  </>
                )}
                <When seconds={r.send_time} className="mail-row-time" />
                {r.gift && <LetterGiftLine gift={r.gift} />}
                {r.schedule && <LetterSchedule schedule={r.schedule} side="lady" onChanged={load} />}
              </span>
              {r.from_member === 1 && r.is_read === 0 && (
                <button
                  type="button"
                  className="btn btn-small btn-primary"
                  data-testid="lady-mail-read"
                  onClick={() =>
                    void ladyReadMail(r.emf_id).then(
                      (row) =>
                        setRows((list) => list?.map((x) => (x.emf_id === row.emf_id ? row : x)) ?? null),
                      (e: unknown) => showToast(errorText(e)),
                    )
                  }
                >
                  Read
                </button>
              )}
              {r.from_member === 1 && (
                <button
                  type="button"
                  className="btn btn-small btn-secondary"
                  onClick={() => {
                    setManId(r.man_id);
                    setKind('emf');
                    setReplyTo({ emfId: r.emf_id, manId: r.man_id });
                  }}
                >
                  Reply
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
