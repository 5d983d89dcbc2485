/**
 * The broadcaster's One-on-One rooms in her workspace: a member who enters one (her invitation
 * accepted, his request accepted, a booking's time) waits here until she joins with her camera;
 * then she sees him too once he turns his camera on, and either of them can end it.
 */
import { useEffect, useRef, useState } from 'react';
import { LiveEvent, LiveText, type OneOnOneNotice } from '../../../protocol/live/live';
import { errorText } from '../../api/use-request';
import { realtime } from '../../realtime';
import { leavePrivate, sayAsLady } from './api';
import { useStreamVideo } from './camera';
import { RoomChat } from './RoomChat';
import { joinOneOnOne, watchMemberCamera } from './rtc';
import './live.css';

interface Active {
  notice: OneOnOneNotice;
  pc: RTCPeerConnection;
  camera: MediaStream;
}

export function OneOnOnePanel() {
  const [waiting, setWaiting] = useState<OneOnOneNotice[]>([]);
  const [active, setActive] = useState<Active | null>(null);
  const [his, setHis] = useState<{ pc: RTCPeerConnection; stream: MediaStream } | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const activeRef = useRef<Active | null>(null);
  activeRef.current = active;

  useEffect(() => {
    const offs = [
      realtime.on<OneOnOneNotice>(LiveEvent.memberEntered, (notice) => {
        setMessage('');
        setWaiting((list) => [notice, ...list.filter((n) => n.room_id !== notice.room_id)]);
      }),
      realtime.on<OneOnOneNotice>(LiveEvent.memberCamera, (notice) => {
        if (activeRef.current?.notice.room_id !== notice.room_id) return;
        if (notice.camera === 1) {
          void watchMemberCamera(notice.room_id).then(
            (view) => setHis(view),
            () => setMessage(LiveText.twoVideo),
          );
        } else {
          setHis((view) => {
            view?.pc.close();
            return null;
          });
        }
      }),
      realtime.on<OneOnOneNotice>(LiveEvent.memberLeft, (notice) => {
        setWaiting((list) => list.filter((n) => n.room_id !== notice.room_id));
        if (activeRef.current?.notice.room_id === notice.room_id) {
          stop(activeRef.current);
          setActive(null);
          setHis(null);
          setMessage(`${notice.nickname}: ${LiveText.memberLeft}`);
        }
      }),
    ];
    return () => {
      for (const off of offs) off();
      if (activeRef.current) stop(activeRef.current);
    };
  }, []);

  async function join(notice: OneOnOneNotice) {
    setBusy(true);
    setMessage('');
    try {
      const camera = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      try {
        const pc = await joinOneOnOne(notice.room_id, camera);
        setActive({ notice, pc, camera });
        setWaiting((list) => list.filter((n) => n.room_id !== notice.room_id));
      } catch (e) {
        for (const track of camera.getTracks()) track.stop();
        setMessage(errorText(e));
      }
    } catch {
      setMessage(LiveText.noCamera);
    }
    setBusy(false);
  }

  async function end() {
    if (!active) return;
    stop(active);
    his?.pc.close();
    setActive(null);
    setHis(null);
    await leavePrivate(active.notice.room_id).catch(() => {});
  }

  if (!active && waiting.length === 0 && !message) return null;
  return (
    <section className="card one-on-one" aria-labelledby="one-on-one-title">
      <h2 id="one-on-one-title">One-on-One</h2>
      {message && <p role="status">{message}</p>}
      {waiting.map((n) => (
        <div key={n.room_id} className="one-on-one-waiting">
          <span>
            <strong>{n.nickname}</strong> ({n.user_id}) is waiting for you in a One-on-One.
          </span>
          <button
            type="button"
            className="btn"
            disabled={busy || active !== null}
            onClick={() => void join(n)}
          >
            Join {n.nickname}
          </button>
        </div>
      ))}
      {active && (
        <>
          <p>
            In a One-on-One with <strong>{active.notice.nickname}</strong>.
          </p>
          <div className="one-on-one-videos">
            <Video stream={active.camera} label="You" muted testId="her-camera" />
            {his ? (
              <Video stream={his.stream} label={active.notice.nickname} testId="his-camera" />
            ) : (
              <p className="muted">His camera is off.</p>
            )}
          </div>
          <RoomChat roomId={active.notice.room_id} say={(text) => sayAsLady(active.notice.room_id, text)} />
          <button type="button" className="btn" onClick={() => void end()}>
            End One-on-One
          </button>
        </>
      )}
    </section>
  );
}

function stop(active: Active) {
  active.pc.close();
  for (const track of active.camera.getTracks()) track.stop();
}

function Video({
  stream,
  label,
  muted,
  testId,
}: {
  stream: MediaStream;
  label: string;
  muted?: boolean;
  testId: string;
}) {
  const ref = useStreamVideo(stream);
  return (
    <figure className="one-on-one-video">
      <video ref={ref} autoPlay playsInline muted={muted} data-testid={testId} />
      <figcaption>{label}</figcaption>
    </figure>
  );
}
