/**
 * One letter: a paid mail asks to be opened (1 stamp or 0.8 credit, stamps first), then shows its
 * text and media. Private photos and videos are locked (buy: photo 1 stamp or 0.8 credit, video 2
 * stamps or 1.6 credits), unlocked (picture viewer, video player) or expired. Each refusal code
 * opens its purchase prompt. The leave-message popup answers the broadcaster by mail.
 */
import { Link } from '@tanstack/react-router';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { imageSrcSet } from '../../../protocol/images';
import {
  CLICK_TYPE,
  LEAVE_MESSAGE_MAX,
  type LetterMedia,
  MAIL_PRICE,
  type MailDetail,
  MEDIA_STATUS,
  PHOTO_PRICE,
  VIDEO_PRICE,
} from '../../../protocol/mail/mail';
import { ApiError, isConnectionError } from '../../api/client';
import { errorText } from '../../api/use-request';
import { Modal } from '../../app/popups/Modal';
import { dateTime } from '../../app/time/format';
import { When } from '../../app/time/When';
import { readLetter, saveLetter } from '../../db/mail';
import { balancesState } from '../../state/balances';
import { showToast } from '../../state/ui';
import { userState } from '../../state/user';
import { type Box, buyPrivatePhotoVideo, getMailDetail, readEmf, sendEmf } from './api';
import { LetterSchedule } from './LetterSchedule';
import { PurchasePrompt } from './PurchasePrompt';
import { leaveMessageText, type Prompt, payLabel, promptFor } from './rules';
import { applyBalances, mailState, refreshUnread } from './state';

const credits = (hundredths: number) => (hundredths / 100).toFixed(1);

type Retry = (clickType: number) => void;

export function LetterView({ box, emfId }: { box: Box; emfId: string }) {
  const [mail, setMail] = useState<MailDetail | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [prompt, setPrompt] = useState<{ prompt: Prompt; retry: Retry } | null>(null);
  const [viewing, setViewing] = useState<LetterMedia | null>(null);
  const [leaving, setLeaving] = useState(false);
  /** When the letter shown is this device's copy (offline), the time it was saved. */
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const userid = userState.me?.userid ?? '';
  const { poststamp } = useSnapshot(balancesState);

  useEffect(() => {
    let live = true;
    setMail(null);
    setError('');
    setSavedAt(null);
    getMailDetail(box, emfId).then(
      (m) => {
        if (!live) return;
        setMail(m);
        if (!m.need_pay) void refreshUnread().catch(() => undefined);
      },
      async (e: unknown) => {
        // Offline: an opened letter is still readable from this device.
        const stored = isConnectionError(e) && userid ? await readLetter(userid, emfId) : undefined;
        if (!live) return;
        if (stored) {
          setMail(stored.mail);
          setSavedAt(stored.savedAt);
        } else setError(errorText(e));
      },
    );
    return () => {
      live = false;
    };
  }, [box, emfId, userid]);

  // Every open letter is kept for offline reading (saveLetter skips unpaid ones).
  useEffect(() => {
    if (mail && userid && savedAt === null) void saveLetter(userid, mail);
  }, [mail, userid, savedAt]);

  /** Runs a paid call; a refusal with a prompt code opens the prompt, whose choice retries. */
  async function paid<T>(run: (clickType: number) => Promise<T>, clickType = 0): Promise<T | undefined> {
    if (busy) return undefined;
    setBusy(true);
    try {
      return await run(clickType);
    } catch (e) {
      const p = e instanceof ApiError ? promptFor(e.errno, e.message) : undefined;
      if (p) {
        setPrompt({
          prompt: p,
          retry: (ct) => {
            setPrompt(null);
            void paid(run, ct);
          },
        });
      } else showToast(errorText(e));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  const open = (clickType = 0) =>
    paid(async (ct) => {
      const answer = await readEmf(emfId, ct);
      applyBalances(answer);
      setMail(answer.mail);
      mailState.emf = Math.max(0, mailState.emf - 1);
      void refreshUnread().catch(() => undefined);
    }, clickType);

  const buy = (item: LetterMedia) =>
    paid(async (ct) => {
      const answer = await buyPrivatePhotoVideo(emfId, item.resource_id, ct);
      applyBalances(answer);
      setMail(
        (m) =>
          m && { ...m, media: m.media.map((x) => (x.resource_id === item.resource_id ? answer.media : x)) },
      );
      setViewing(answer.media);
    });

  if (error) {
    return (
      <div className="empty-state" role="alert">
        <p>{error}</p>
        <BackLink box={box} />
      </div>
    );
  }
  if (!mail) {
    return (
      <p className="mail-loading" role="status">
        Loading…
      </p>
    );
  }
  return (
    <article className="letter" data-testid="letter">
      <BackLink box={box} />
      {savedAt !== null && (
        <p className="offline-note" role="status" data-testid="letter-offline">
          You are offline. This mail was saved on {dateTime(savedAt / 1000)}.
        </p>
      )}
      <header className="letter-head">
        <img src={mail.anchor_photourl} alt="" className="mail-avatar" width={48} height={48} />
        <div>
          <h2 className="letter-title">
            {mail.direction === 'out' ? `To ${mail.anchor_nickname}` : `From ${mail.anchor_nickname}`}
          </h2>
          <p className="muted">
            ID: {mail.anchor_id} · <When seconds={mail.send_time} />
          </p>
        </div>
      </header>
      {mail.need_pay ? (
        <div className="letter-locked" data-testid="letter-locked">
          <p>
            Reading this mail costs {MAIL_PRICE.stamps} post stamp or {credits(MAIL_PRICE.credits)} credit.
            Post stamps are used first when you have them.
          </p>
          {/* One action, with what it will take: stamps while he has them, else credits. */}
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void open()}
            data-testid="letter-open"
          >
            Read mail · {payLabel(MAIL_PRICE, poststamp)}
          </button>
        </div>
      ) : (
        <>
          <div className="letter-body" data-testid="letter-body">
            {mail.content}
          </div>
          {mail.media.length > 0 && (
            <ul className="letter-media" aria-label="Photos and videos">
              {mail.media.map((item) => (
                <MediaTile
                  key={item.resource_id}
                  item={item}
                  poststamp={poststamp}
                  busy={busy}
                  onBuy={() => void buy(item)}
                  onOpen={() => setViewing(item)}
                />
              ))}
            </ul>
          )}
          {mail.photos.length > 0 && (
            <ul className="letter-media" aria-label="Your photos">
              {mail.photos.map((url) => (
                <li key={url} className="media-tile">
                  <img
                    src={url}
                    srcSet={imageSrcSet(url)}
                    sizes="160px"
                    alt="Attached"
                    width={160}
                    height={120}
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          )}
          {mail.schedule && (
            <LetterSchedule
              schedule={mail.schedule}
              side="member"
              onChanged={() => void getMailDetail(box, emfId).then(setMail, () => undefined)}
            />
          )}
          {mail.direction === 'in' && (
            <div className="letter-actions">
              <Link to="/compose" search={{ anchorid: mail.anchor_id }} className="btn btn-primary">
                Reply
              </Link>
              <button type="button" className="btn btn-secondary" onClick={() => setLeaving(true)}>
                Leave a message
              </button>
            </div>
          )}
        </>
      )}
      {prompt && (
        <PurchasePrompt prompt={prompt.prompt} onPay={prompt.retry} onClose={() => setPrompt(null)} />
      )}
      {viewing && viewing.status === MEDIA_STATUS.unlocked && (
        <MediaViewer item={viewing} onClose={() => setViewing(null)} />
      )}
      {leaving && <LeaveMessage anchorId={mail.anchor_id} onClose={() => setLeaving(false)} />}
    </article>
  );
}

function BackLink({ box }: { box: Box }) {
  const to = box === 'loi' ? '/lletter' : box === 'outbox' ? '/outbox' : '/inbox';
  return (
    <Link to={to} className="mail-back">
      ← Back
    </Link>
  );
}

function MediaTile({
  item,
  poststamp,
  busy,
  onBuy,
  onOpen,
}: {
  item: LetterMedia;
  poststamp: number;
  busy: boolean;
  onBuy: () => void;
  onOpen: () => void;
}) {
  const video = item.type === 1;
  const price = video ? VIDEO_PRICE : PHOTO_PRICE;
  const what = video ? 'video' : 'photo';
  return (
    <li className="media-tile" data-testid={`media-${item.resource_id}`} data-status={item.status}>
      {item.status === MEDIA_STATUS.unlocked ? (
        <button type="button" className="media-open" onClick={onOpen} aria-label={`Open ${what}`}>
          <img
            src={video ? item.cover_origin_img : item.origin_img}
            srcSet={video ? undefined : imageSrcSet(item.origin_img)}
            sizes="160px"
            alt={item.describe || what}
            width={160}
            height={120}
            loading="lazy"
          />
          {video && (
            <span className="media-play" aria-hidden="true">
              ▶
            </span>
          )}
        </button>
      ) : (
        <img src={item.small_img} alt={`Private ${what}`} width={160} height={120} loading="lazy" />
      )}
      {item.describe && <span className="media-caption">{item.describe}</span>}
      {item.status === MEDIA_STATUS.locked && (
        <button type="button" className="btn btn-small btn-primary media-buy" disabled={busy} onClick={onBuy}>
          {video ? 'Watch' : 'View'} for {payLabel(price, poststamp)}
        </button>
      )}
      {item.status === MEDIA_STATUS.expired && (
        <span className="media-expired">{video ? 'Video expired' : 'Photo expired'}</span>
      )}
    </li>
  );
}

/** Video player states (spec 002 §4): loading, playing, ended with replay; ours: paused, error. */
type PlayerState = 'loading' | 'playing' | 'paused' | 'ended' | 'error';

function MediaViewer({ item, onClose }: { item: LetterMedia; onClose: () => void }) {
  const close = (
    <button type="button" className="btn btn-ghost" onClick={onClose}>
      Close
    </button>
  );
  if (item.type === 1) return <VideoPlayer item={item} close={close} onClose={onClose} />;
  return (
    <Modal title="Photo" testId="picture-viewer" onClose={onClose} actions={close}>
      <img
        className="picture-viewer-img"
        src={item.origin_img}
        srcSet={imageSrcSet(item.origin_img)}
        sizes="(max-width: 800px) 100vw, 800px"
        alt={item.describe || 'Photo'}
      />
    </Modal>
  );
}

/**
 * The clip plays from the server with byte ranges (it can seek and replay without a new purchase);
 * the browser's own controls pause, seek and change the volume from the keyboard. It starts by
 * itself (muted only when the browser refuses sound) and at the end offers Replay, which takes the
 * focus; a clip that fails to load says so and offers to try again.
 */
function VideoPlayer({ item, close, onClose }: { item: LetterMedia; close: ReactNode; onClose: () => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  const replayRef = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<PlayerState>('loading');
  const [attempt, setAttempt] = useState(0);

  const play = useCallback(async () => {
    const el = ref.current;
    if (!el) return;
    try {
      await el.play();
    } catch (e) {
      // Autoplay with sound refused: play muted (the controls unmute); anything else waits for a click.
      if (e instanceof DOMException && e.name === 'NotAllowedError' && !el.muted) {
        el.muted = true;
        await el.play().catch(() => setState('paused'));
      }
    }
  }, []);

  useEffect(() => {
    if (state === 'ended') replayRef.current?.focus();
  }, [state]);

  const replay = () => {
    const el = ref.current;
    if (!el) return;
    el.currentTime = 0;
    setState('loading');
    void play();
  };
  const retry = () => {
    setState('loading');
    setAttempt((a) => a + 1);
  };

  return (
    <Modal
      title="Video"
      testId="video-player"
      onClose={onClose}
      actions={
        <>
          {state === 'ended' && (
            <button ref={replayRef} type="button" className="btn btn-primary" onClick={replay}>
              Replay
            </button>
          )}
          {state === 'error' && (
            <button type="button" className="btn btn-primary" onClick={retry}>
              Try again
            </button>
          )}
          {close}
        </>
      }
    >
      <div className="video-player" data-state={state}>
        {/* biome-ignore lint/a11y/useMediaCaption: broadcasters' clips come without captions; the description is the label. */}
        <video
          key={attempt}
          ref={ref}
          src={attempt ? `${item.video_url}?try=${attempt}` : item.video_url}
          poster={item.cover_origin_img || undefined}
          controls
          playsInline
          preload="auto"
          aria-label={item.describe || 'Video'}
          onCanPlay={() => {
            if (state === 'loading' && ref.current?.paused) void play();
          }}
          onWaiting={() => setState('loading')}
          onPlaying={() => setState('playing')}
          onPause={() => setState((s) => (s === 'ended' || s === 'error' ? s : 'paused'))}
          onEnded={() => setState('ended')}
          onError={() => setState('error')}
          data-testid="video-element"
        />
        {state === 'loading' && (
          <p role="status" className="muted video-status">
            Loading video…
          </p>
        )}
        {state === 'ended' && (
          <p role="status" className="muted video-status">
            The video has ended.
          </p>
        )}
        {state === 'error' && (
          <p role="alert" className="form-error video-status">
            This video could not be played. Please check the network connection and try again.
          </p>
        )}
      </div>
    </Modal>
  );
}

function LeaveMessage({ anchorId, onClose }: { anchorId: string; onClose: () => void }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const key = useRef(`lm${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`);
  const id = useId();
  async function submit() {
    const message = leaveMessageText(text);
    if (!message) return onClose();
    setSending(true);
    try {
      applyBalances(await sendEmf(anchorId, message, [], key.current));
      showToast('Your message was sent.', 'info');
      onClose();
    } catch (e) {
      showToast(errorText(e));
    } finally {
      setSending(false);
    }
  }
  return (
    <Modal
      title="Leave a message"
      testId="leave-message"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-primary" disabled={sending} onClick={() => void submit()}>
            Send
          </button>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <label htmlFor={id} className="visually-hidden">
        Your message
      </label>
      <textarea
        id={id}
        value={text}
        maxLength={LEAVE_MESSAGE_MAX}
        onChange={(e) => setText(leaveMessageText(e.target.value))}
        rows={5}
      />
      <p className="muted">
        {LEAVE_MESSAGE_MAX - text.length} characters left. Sent as a mail: {MAIL_PRICE.stamps} post stamp or{' '}
        {credits(MAIL_PRICE.credits)} credit.
      </p>
    </Modal>
  );
}
