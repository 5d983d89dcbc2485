/**
 * Her camera in a live chat. Her side: Turn camera on / off with her own small preview (her camera
 * is in the chat on screen: switching to another chat or ending this one turns it off). His side:
 * her video once she turns it on (the chat's status says camera 1), muted until he turns the sound
 * on (browsers refuse sound before a tap), gone when she turns it off or the chat ends.
 */
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Errno } from '../../../protocol/errors';
import { LiveChatCameraText } from '../../../protocol/livechat/livechat-camera';
import { unreachableText } from '../../api/http';
import { SocketError } from '../../realtime';
import { useStreamVideo } from '../live/camera';
import { canBroadcast, canPlayLive } from '../live/rtc';
import { startChatCamera, watchChatCamera } from './chat-camera';
import { livechatState } from './store';
import './livechat-camera.css';

/** How long a dropped connection waits for the chat's status to explain it before saying so. */
const LOST_GRACE_MS = 1_500;

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
  if (side === 'lady') return ended ? null : <MyChatCamera chatId={chatId} on={on} />;
  return on && !ended && canPlayLive() ? <HerChatCamera chatId={chatId} /> : null;
}

function HerChatCamera({ chatId }: { chatId: string }) {
  const price = useSnapshot(livechatState).chats[chatId]?.session.price ?? 0;
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
    // A close the chat's status explains (she turned it off, the chat ended) unmounts this first.
    const lost = () =>
      setTimeout(() => {
        if (!cancelled) setError(LiveChatCameraText.failed);
      }, LOST_GRACE_MS);
    watchChatCamera(chatId, lost).then(
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
      <figcaption className="lc-camera-price" data-testid="livechat-camera-price">
        {LiveChatCameraText.priced(price)}
      </figcaption>
      <button type="button" className="btn btn-small lc-camera-sound" onClick={() => setMuted((m) => !m)}>
        {muted ? 'Turn sound on' : 'Mute'}
      </button>
    </figure>
  );
}

function MyChatCamera({ chatId, on }: { chatId: string; on: boolean }) {
  const [camera, setCamera] = useState<MediaStream | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const sending = useRef<{ stop(): void } | null>(null);
  /** The chat's status has said camera 1 since she turned it on. */
  const confirmed = useRef(false);
  const preview = useStreamVideo(camera, { ownTracks: true });
  // The server turned it off (her connection dropped there): her button says so too.
  useEffect(() => {
    if (on && sending.current) confirmed.current = true;
    if (!on && confirmed.current && sending.current) turnOff(LiveChatCameraText.lost);
  });
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
    confirmed.current = false;
    let stream: MediaStream | undefined;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      const lost = () =>
        setTimeout(() => {
          if (sending.current === sender) turnOff(LiveChatCameraText.lost);
        }, LOST_GRACE_MS);
      const sender = await startChatCamera(chatId, stream, lost);
      sending.current = sender;
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
  function turnOff(why = '') {
    sending.current?.stop();
    sending.current = null;
    confirmed.current = false;
    setCamera(null);
    setError(why);
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
