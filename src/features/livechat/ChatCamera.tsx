/**
 * Her camera in a live chat. Her side: Turn camera on / off with her own small preview (her camera
 * is in the chat on screen: switching to another chat or ending this one turns it off). His side:
 * her video once she turns it on (the chat's status says camera 1), muted until he turns the sound
 * on (browsers refuse sound before a tap), gone when she turns it off or the chat ends.
 */
import { useEffect, useRef, useState } from 'react';
import { Errno } from '../../../protocol/errors';
import { LiveChatCameraText } from '../../../protocol/livechat-camera';
import { unreachableText } from '../../api/http';
import { SocketError } from '../../realtime';
import { useStreamVideo } from '../live/camera';
import { canBroadcast, canPlayLive } from '../live/rtc';
import { startChatCamera, watchChatCamera } from './chat-camera';
import './livechat-camera.css';

export function ChatCamera({
  chatId,
  side,
  on,
  ended,
}: {
  chatId: string;
  side: 'man' | 'lady';
  on: boolean;
  ended: boolean;
}) {
  if (side === 'lady') return ended ? null : <MyChatCamera chatId={chatId} />;
  return on && !ended && canPlayLive() ? <HerChatCamera chatId={chatId} /> : null;
}

function HerChatCamera({ chatId }: { chatId: string }) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [muted, setMuted] = useState(true);
  const [shown, setShown] = useState(false);
  const video = useStreamVideo(stream);

  useEffect(() => {
    let cancelled = false;
    let leave: (() => void) | undefined;
    setError('');
    setShown(false);
    // The attempt counter reruns this effect when he presses Retry.
    void attempt;
    watchChatCamera(chatId).then(
      (watched) => {
        if (cancelled) watched.leave();
        else {
          leave = watched.leave;
          setStream(watched.stream);
        }
      },
      (e: unknown) => {
        if (!cancelled) setError(e instanceof SocketError ? e.message : LiveChatCameraText.failed);
      },
    );
    return () => {
      cancelled = true;
      leave?.();
      setStream(null);
    };
  }, [chatId, attempt]);

  return (
    <figure className="lc-camera" data-testid="livechat-her-camera" aria-label={LiveChatCameraText.herVideo}>
      {error ? (
        <p role="alert" className="lc-camera-note">
          {error}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </button>
        </p>
      ) : (
        !shown && (
          <p className="lc-camera-note" role="status">
            {LiveChatCameraText.connecting}
          </p>
        )
      )}
      <video
        ref={video}
        className="lc-camera-video"
        autoPlay
        playsInline
        muted={muted}
        data-testid="livechat-camera-video"
        onLoadedData={() => setShown(true)}
      />
      <button type="button" className="btn btn-small lc-camera-sound" onClick={() => setMuted((m) => !m)}>
        {muted ? 'Turn sound on' : 'Mute'}
      </button>
    </figure>
  );
}

function MyChatCamera({ chatId }: { chatId: string }) {
  const [camera, setCamera] = useState<MediaStream | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const sending = useRef<{ stop(): void } | null>(null);
  const preview = useStreamVideo(camera, { ownTracks: true });
  useEffect(
    () => () => {
      sending.current?.stop();
      sending.current = null;
    },
    [],
  );

  async function turnOn() {
    setBusy(true);
    setError('');
    let stream: MediaStream | undefined;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      sending.current = await startChatCamera(chatId, stream);
      setCamera(stream);
    } catch (e) {
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (!stream) setError(LiveChatCameraText.noCamera);
      else if (e instanceof SocketError && e.errno === Errno.FACE_ID_REQUIRED)
        setError(`${e.message} Use Verify my face in your workspace.`);
      else setError(e instanceof SocketError ? e.message : unreachableText());
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
    <div className="lc-my-camera" data-testid="livechat-my-camera">
      {camera && (
        <>
          <video
            ref={preview}
            className="lc-camera-self"
            autoPlay
            playsInline
            muted
            aria-label="Your camera"
            data-testid="livechat-my-preview"
          />
          <span className="lc-camera-note" role="status">
            {LiveChatCameraText.youAreOn}
          </span>
        </>
      )}
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={busy}
        aria-pressed={camera ? 'true' : 'false'}
        onClick={() => (camera ? turnOff() : void turnOn())}
      >
        {camera ? LiveChatCameraText.turnOff : LiveChatCameraText.turnOn}
      </button>
      {error && (
        <p role="alert" className="lc-camera-note">
          {error}
        </p>
      )}
    </div>
  );
}
