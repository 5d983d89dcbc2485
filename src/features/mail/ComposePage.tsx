/**
 * /compose?anchorid= and /sendmail: write a mail to a broadcaster with photos, after a two-step mail
 * guide the first time. Photos are checked here (format, under 5 MB, 120 to 3600 px, never twice)
 * and again by the server by content. A send carries one key, so a double click sends once; then
 * /success.
 */
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { MAIL_MAX_LENGTH, MAIL_PRICE, MailMessages, type UploadAnswer } from '../../../protocol/mail';
import { ApiError } from '../../api/client';
import { checkEmfAnchor, sendEmf, uploadMailPhoto } from '../../api/mail';
import { errorText } from '../../api/use-request';
import { Modal } from '../../app/popups/Modal';
import { PurchasePrompt } from './PurchasePrompt';
import { dimensionsFit, fingerprintOf, type Prompt, precheckPhoto, promptFor } from './rules';
import { applyBalances } from './state';
import './mail.css';

const GUIDE_KEY = 'glimmer:mail-guide-seen';
const newKey = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

interface Attached extends UploadAnswer {
  fingerprint: string;
  preview: string;
}

function imageSize(file: Blob): Promise<{ width: number; height: number } | undefined> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve(undefined);
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

/** The two-step mail guide (spec 002 §2 "Mail guide"). */
function MailGuide({ onDone }: { onDone: () => void }) {
  const [step, setStep] = useState(0);
  const steps = [
    ['Write your mail', 'Choose a broadcaster and write what you want to tell her. Be yourself!'],
    [
      'Add photos and send',
      `Attach up to five photos (JPG, PNG or GIF, under 5 MB). A mail costs ${MAIL_PRICE.stamps} post stamp or 0.8 credit, and the same for each photo; post stamps are used first.`,
    ],
  ] as const;
  const [title, text] = steps[step] ?? steps[0];
  return (
    <Modal
      title={`Mail guide ${step + 1}/2: ${title}`}
      testId="mail-guide"
      onClose={onDone}
      actions={
        step === 0 ? (
          <button type="button" className="btn btn-primary" onClick={() => setStep(1)}>
            Next
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={onDone}>
            Got it
          </button>
        )
      }
    >
      <p>{text}</p>
    </Modal>
  );
}

export function ComposePage() {
  const search = useSearch({ strict: false }) as { anchorid?: string };
  const navigate = useNavigate();
  const [anchorId, setAnchorId] = useState(search.anchorid ?? '');
  const [anchor, setAnchor] = useState<{ nickname: string; photourl: string } | null>(null);
  const [content, setContent] = useState('');
  const [photos, setPhotos] = useState<Attached[]>([]);
  const [error, setError] = useState('');
  const [photoError, setPhotoError] = useState('');
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [guide, setGuide] = useState(() => localStorage.getItem(GUIDE_KEY) !== '1');
  const key = useRef(newKey());
  const ids = { to: useId(), text: useId(), file: useId() };

  useEffect(() => {
    const id = anchorId.trim();
    setAnchor(null);
    if (!id) return;
    let live = true;
    const timer = setTimeout(() => {
      checkEmfAnchor(id).then(
        (a) => {
          if (!live) return;
          setAnchor(a);
          setError('');
        },
        (e: unknown) => live && setError(errorText(e)),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [anchorId]);

  async function addFiles(files: FileList | null) {
    if (!files) return;
    setPhotoError('');
    let attached = photos;
    setUploading(true);
    try {
      for (const file of Array.from(files)) {
        const problem = precheckPhoto(file, attached);
        if (problem) {
          setPhotoError(problem);
          continue;
        }
        const size = await imageSize(file);
        if (!size) {
          setPhotoError(MailMessages.badFormat);
          continue;
        }
        if (!dimensionsFit(size.width, size.height)) {
          setPhotoError(MailMessages.badDimensions);
          continue;
        }
        try {
          const answer = await uploadMailPhoto(file);
          attached = [...attached, { ...answer, fingerprint: fingerprintOf(file), preview: answer.url }];
          setPhotos(attached);
        } catch (e) {
          setPhotoError(errorText(e));
        }
      }
    } finally {
      setUploading(false);
    }
  }

  async function send() {
    setError('');
    if (!anchorId.trim()) return setError(MailMessages.noAnchor);
    if (!content.trim()) return setError(MailMessages.blank);
    if (sending) return;
    setSending(true);
    try {
      const answer = await sendEmf(
        anchorId.trim(),
        content,
        photos.map((p) => p.photo_id),
        key.current,
      );
      applyBalances(answer);
      void navigate({ to: '/success', search: { anchorid: anchorId.trim() } });
    } catch (e) {
      const p = e instanceof ApiError ? promptFor(e.errno, e.message) : undefined;
      if (p) setPrompt(p);
      else setError(e instanceof ApiError && e.offline ? MailMessages.network : errorText(e));
    } finally {
      setSending(false);
    }
  }

  const units = 1 + photos.length;
  return (
    <section className="page mail-page">
      <h1 className="page-title">Write a mail</h1>
      <form
        className="compose"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label htmlFor={ids.to}>Broadcaster ID</label>
        <div className="compose-to">
          <input
            id={ids.to}
            value={anchorId}
            onChange={(e) => setAnchorId(e.target.value)}
            placeholder="e.g. A2001"
            autoComplete="off"
            data-testid="compose-to"
          />
          {anchor && (
            <span className="compose-anchor" data-testid="compose-anchor">
              <img src={anchor.photourl} alt="" className="mail-avatar small" /> {anchor.nickname}
            </span>
          )}
        </div>
        <label htmlFor={ids.text}>Your mail</label>
        <textarea
          id={ids.text}
          className="mail-textarea"
          rows={10}
          maxLength={MAIL_MAX_LENGTH}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          data-testid="compose-text"
        />
        <label htmlFor={ids.file}>Photos</label>
        <input
          id={ids.file}
          type="file"
          accept="image/jpeg,image/png,image/gif"
          multiple
          disabled={uploading}
          onChange={(e) => {
            void addFiles(e.target.files);
            e.target.value = '';
          }}
          data-testid="compose-file"
        />
        {uploading && (
          <p role="status" className="muted">
            Uploading…
          </p>
        )}
        {photoError && (
          <p className="form-error" role="alert" data-testid="compose-photo-error">
            {photoError}
          </p>
        )}
        {photos.length > 0 && (
          <ul className="letter-media" aria-label="Attached photos">
            {photos.map((p) => (
              <li key={p.photo_id} className="media-tile" data-testid="compose-photo">
                <img src={p.preview} alt="Attached" />
                <button
                  type="button"
                  className="btn btn-small btn-ghost"
                  onClick={() => setPhotos(photos.filter((x) => x.photo_id !== p.photo_id))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        {error && (
          <p className="form-error" role="alert" data-testid="compose-error">
            {error}
          </p>
        )}
        <p className="muted">
          Cost: {units} post stamp{units > 1 ? 's' : ''} or {(0.8 * units).toFixed(2)} credits (post stamps
          first). <Link to="/myhomeback/stamps">Buy post stamps</Link>
        </p>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={sending || uploading}
          data-testid="compose-send"
        >
          {sending ? 'Sending…' : 'Send'}
        </button>
      </form>
      {guide && (
        <MailGuide
          onDone={() => {
            localStorage.setItem(GUIDE_KEY, '1');
            setGuide(false);
          }}
        />
      )}
      {prompt && <PurchasePrompt prompt={prompt} onPay={() => void send()} onClose={() => setPrompt(null)} />}
    </section>
  );
}

export function MailSentPage() {
  return (
    <section className="page mail-page">
      <h1 className="page-title">Mail sent</h1>
      <div className="empty-state" data-testid="mail-success">
        <p>Your mail is on its way.</p>
        <p>
          <Link to="/outbox" className="btn btn-primary">
            Sent mail
          </Link>{' '}
          <Link to="/inbox" className="btn btn-secondary">
            Inbox
          </Link>
        </p>
      </div>
    </section>
  );
}
