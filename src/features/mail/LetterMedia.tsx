/** A letter's photos and videos: a tile per item (locked with its price, unlocked, expired) and the viewer. */
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { imageSrcSet } from '../../../protocol/images';
import { type LetterMedia, MEDIA_STATUS, PHOTO_PRICE, VIDEO_PRICE } from '../../../protocol/mail/mail';
import { Modal } from '../../app/popups/Modal';
import { payLabel } from './rules';

export function MediaTile({
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

export function MediaViewer({ item, onClose }: { item: LetterMedia; onClose: () => void }) {
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
