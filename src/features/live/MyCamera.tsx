/**
 * His camera for the broadcasters he is with (a One-on-One's two-way video, a hang-out): a button
 * turns it on and off, with his own small preview. Leaving the room turns it off with it.
 */
import { useEffect, useRef, useState } from 'react';
import { LiveText } from '../../../protocol/live/live';
import { useStreamVideo } from './camera';
import { canBroadcast } from './rtc';
import './live.css';

export function MyCamera({
  start,
  onLabel,
}: {
  /** Sends the camera; the answer's stop() turns the sending off. */
  start: (camera: MediaStream) => Promise<{ stop(): void }>;
  onLabel: string;
}) {
  const [camera, setCamera] = useState<MediaStream | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const sending = useRef<{ stop(): void } | null>(null);
  const preview = useStreamVideo(camera, { ownTracks: true });
  useEffect(
    () => () => {
      sending.current?.stop();
    },
    [],
  );
  async function turnOn() {
    setBusy(true);
    setError('');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      try {
        sending.current = await start(stream);
      } catch (e) {
        for (const track of stream.getTracks()) track.stop();
        throw e;
      }
      setCamera(stream);
    } catch {
      setError(LiveText.twoVideo);
    }
    setBusy(false);
  }
  function turnOff() {
    sending.current?.stop();
    sending.current = null;
    setCamera(null);
  }
  if (!canBroadcast()) return null;
  return (
    <div className="live-my-camera">
      {camera && (
        <video ref={preview} className="live-self" autoPlay playsInline muted data-testid="my-camera" />
      )}
      {error && <p role="alert">{error}</p>}
      <button
        type="button"
        className="btn btn-secondary"
        disabled={busy}
        onClick={() => (camera ? turnOff() : void turnOn())}
      >
        {camera ? 'Turn my camera off' : onLabel}
      </button>
    </div>
  );
}
