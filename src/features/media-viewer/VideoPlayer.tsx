/**
 * The viewer's video player (spec 001 §4 "Shot slideshow").
 *
 *   <VideoPlayer src poster label canWatch lockedText ownBar />
 *
 * - `canWatch` false: the clip never loads; the cover shows under `lockedText`.
 * - `canWatch` true: the clip starts by itself (muted only when the browser refuses sound), a timer
 *   reads 'loading...' until its length is known and then 'mm:ss / mm:ss', and at the end a Replay
 *   button appears (and takes the focus). A clip that fails offers Try again.
 * The file is served with byte ranges, so the browser's own controls seek.
 * - `ownBar` false: the browser's controls are the only ones (they have the time and play again);
 *   the bar below shows only to say the clip failed. One set of controls, not two.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { timerText } from './viewer-rules';
import './media-viewer.css';

export interface VideoPlayerProps {
  src: string;
  poster?: string;
  /** The accessible name: the shot's description, or 'Video'. */
  label: string;
  canWatch: boolean;
  /** Shown instead of the clip when `canWatch` is false. */
  lockedText?: string;
  /** The timer and Replay under the clip (the slideshow's); false: the browser's controls alone. */
  ownBar?: boolean;
}

type State = 'loading' | 'playing' | 'paused' | 'ended' | 'error';

export function VideoPlayer({ src, poster, label, canWatch, lockedText, ownBar = true }: VideoPlayerProps) {
  if (!canWatch) {
    return (
      <div className="viewer-locked" data-testid="viewer-locked">
        {poster && <img className="viewer-locked-cover" src={poster} alt="" />}
        <p className="viewer-locked-text">{lockedText}</p>
      </div>
    );
  }
  return <Playing key={src} src={src} poster={poster} label={label} ownBar={ownBar} />;
}

function Playing({
  src,
  poster,
  label,
  ownBar,
}: {
  src: string;
  poster?: string;
  label: string;
  ownBar: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const replayRef = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<State>('loading');
  const [time, setTime] = useState({ current: 0, duration: undefined as number | undefined });
  const [attempt, setAttempt] = useState(0);

  const play = useCallback(async () => {
    const el = ref.current;
    if (!el) return;
    try {
      await el.play();
    } catch (e) {
      if (e instanceof DOMException && e.name === 'NotAllowedError' && !el.muted) {
        el.muted = true;
        await el.play().catch(() => setState('paused'));
      }
    }
  }, []);

  useEffect(() => {
    if (state === 'ended') replayRef.current?.focus();
  }, [state]);

  const read = () => {
    const el = ref.current;
    if (el) setTime({ current: el.currentTime, duration: el.duration });
  };
  const replay = () => {
    const el = ref.current;
    if (!el) return;
    el.currentTime = 0;
    setState('loading');
    void play();
  };

  return (
    <div className="viewer-video" data-state={state}>
      {/* biome-ignore lint/a11y/useMediaCaption: broadcasters' clips come without captions; the description is the label. */}
      <video
        key={attempt}
        ref={ref}
        src={attempt ? `${src}${src.includes('?') ? '&' : '?'}try=${attempt}` : src}
        poster={poster || undefined}
        controls
        playsInline
        preload="auto"
        aria-label={label}
        onCanPlay={() => {
          if (state === 'loading' && ref.current?.paused) void play();
        }}
        onLoadedMetadata={read}
        onDurationChange={read}
        onTimeUpdate={read}
        onWaiting={() => setState('loading')}
        onPlaying={() => setState('playing')}
        onPause={() => setState((s) => (s === 'ended' || s === 'error' ? s : 'paused'))}
        onEnded={() => {
          read();
          setState('ended');
        }}
        onError={() => setState('error')}
        data-testid="viewer-video"
      />
      {(ownBar || state === 'error') && (
        <div className="viewer-video-bar">
          {ownBar && (
            <span className="viewer-timer" data-testid="viewer-timer">
              {timerText(time.current, time.duration)}
            </span>
          )}
          {ownBar && state === 'ended' && (
            <button ref={replayRef} type="button" className="btn btn-primary btn-small" onClick={replay}>
              Replay
            </button>
          )}
          {state === 'error' && (
            <>
              <span role="alert" className="form-error">
                This video could not be played.
              </span>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                onClick={() => {
                  setState('loading');
                  setAttempt((a) => a + 1);
                }}
              >
                Try again
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
