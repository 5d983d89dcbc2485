/**
 * Her video in his room, with the controls of a cam site's player: mute and volume (the video
 * element's own, remembered in localStorage), theatre view and fullscreen (the Fullscreen API on
 * the stage; Esc leaves it as browsers do). Says what it waits for until her first frame shows.
 */
import { useEffect, useRef, useState } from 'react';
import { useStreamVideo } from './camera';
import { readSound, SOUND_KEY, type SoundChoice, toggledMute, withVolume } from './room-view';

function useRememberedSound(): [SoundChoice, (next: SoundChoice) => void] {
  const [sound, setSound] = useState(() => readSound(localStorage.getItem(SOUND_KEY)));
  const choose = (next: SoundChoice) => {
    setSound(next);
    try {
      localStorage.setItem(SOUND_KEY, JSON.stringify(next));
    } catch {
      // Storage full or refused: the choice holds for this room only.
    }
  };
  return [sound, choose];
}

export function LiveVideo({
  stream,
  waitingText,
  theatre,
  onTheatre,
  onEnd,
}: {
  stream: MediaStream;
  waitingText: string;
  theatre: boolean;
  onTheatre: (on: boolean) => void;
  /** A paid room's End, also in the bar for fullscreen and a landscape phone (live.css shows it there). */
  onEnd?: () => void;
}) {
  const video = useStreamVideo(stream);
  const stage = useRef<HTMLDivElement>(null);
  const [sound, setSound] = useRememberedSound();
  const [shown, setShown] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);

  // The element's own properties: React sets `muted` only as an attribute on first render.
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    el.muted = sound.muted;
    el.volume = sound.volume;
  }, [video, sound]);
  useEffect(() => {
    const follow = () => setFullscreen(document.fullscreenElement === stage.current);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void stage.current?.requestFullscreen?.().catch(() => {});
  };

  return (
    <div ref={stage} className="live-stage" data-testid="live-stage">
      {!shown && (
        <p className="live-waiting" role="status">
          {waitingText}
        </p>
      )}
      <video
        ref={video}
        className="live-video"
        autoPlay
        playsInline
        muted
        data-testid="live-video"
        onLoadedData={() => setShown(true)}
        onDoubleClick={toggleFullscreen}
      />
      <div className="live-controls">
        <button
          type="button"
          className="btn btn-small"
          aria-pressed={!sound.muted}
          onClick={() => setSound(toggledMute(sound))}
        >
          {sound.muted ? 'Turn sound on' : 'Mute'}
        </button>
        <input
          type="range"
          className="live-volume"
          min={0}
          max={1}
          step={0.05}
          value={sound.muted ? 0 : sound.volume}
          aria-label="Volume"
          onChange={(e) => setSound(withVolume(Number(e.target.value)))}
        />
        <span className="live-controls-gap" />
        <button
          type="button"
          className="btn btn-small live-theatre-btn"
          aria-pressed={theatre}
          onClick={() => onTheatre(!theatre)}
        >
          Theatre
        </button>
        <button type="button" className="btn btn-small" aria-pressed={fullscreen} onClick={toggleFullscreen}>
          {fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
        </button>
        {onEnd && (
          <button type="button" className="btn btn-small btn-primary live-controls-end" onClick={onEnd}>
            End
          </button>
        )}
      </div>
    </div>
  );
}
