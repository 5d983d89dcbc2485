/**
 * The broadcaster's One-on-One rooms in her workspace: a member who enters one (her invitation
 * accepted, his request accepted, a booking's time) waits here until she joins with her camera;
 * then she sees him too once he turns his camera on, and either of them can end it.
 */
import { useEffect, useRef, useState } from 'react';
import { LiveEvent, LiveText, type OneOnOneNotice } from '../../../protocol/live/live';
import { ModerationText } from '../../../protocol/live/room-moderation';
import { errorText } from '../../api/use-request';
import { realtime } from '../../realtime';
import {
  OneOnOneEarned,
  type OneOnOneEnded,
  OneOnOneSummary,
  OneOnOneTimer,
} from '../broadcaster/OneOnOneStudio';
import { herOneOnOne, leavePrivate, sayAsLady } from './api';
import { useStreamVideo } from './camera';
import { RoomChat } from './RoomChat';
import { joinOneOnOne, receiveRetried, watchMemberCamera } from './rtc';
import { ViewerActions } from './ViewerActions';
import './live.css';

interface Active {
  notice: OneOnOneNotice;
  pc: RTCPeerConnection;
  camera: MediaStream;
  /** When she joined: her timer and the summary's length. */
  sinceMs?: number;
}

/** What ended: the summary she sees. */
function endedOf(active: Active): OneOnOneEnded {
  const n = active.notice;
  const sinceMs = active.sinceMs ?? Date.now();
  return { nickname: n.nickname, userId: n.user_id, roomId: n.room_id, sinceMs, ms: Date.now() - sinceMs };
}

export function OneOnOnePanel({ onActiveChange }: { onActiveChange?: (inRoom: boolean) => void } = {}) {
  const [ended, setEnded] = useState<OneOnOneEnded | null>(null);
  const onActiveRef = useRef(onActiveChange);
  onActiveRef.current = onActiveChange;
  const [waiting, setWaiting] = useState<OneOnOneNotice[]>([]);
  const [active, setActive] = useState<Active | null>(null);
  const [his, setHis] = useState<{ pc: RTCPeerConnection; stream: MediaStream } | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const activeRef = useRef<Active | null>(null);
  activeRef.current = active;
  const hisRef = useRef<{ pc: RTCPeerConnection } | null>(null);
  hisRef.current = his;

  /** His camera, opened again if its video does not arrive (a track lost on the way). */
  function watchHis(roomId: string) {
    void receiveRetried(
      () => watchMemberCamera(roomId),
      () => setMessage(LiveText.videoReconnecting),
    ).then(
      (view) => {
        if (activeRef.current?.notice.room_id !== roomId) return view.pc.close();
        setMessage('');
        setHis(view);
      },
      (e: unknown) => setMessage(e instanceof Error ? e.message : LiveText.twoVideo),
    );
  }

  useEffect(() => {
    // After a reload: the One-on-One she was in (or a member waiting for her) comes back here,
    // within the grace the server keeps it for her (spec 000 §4 anchor resume statuses).
    void herOneOnOne().then(
      ({ status, room }) => {
        if (!room) return;
        if (status === 'living') void join(room);
        else setWaiting((list) => [room, ...list.filter((n) => n.room_id !== room.room_id)]);
      },
      () => {},
    );
    // Her page going (reload, tab closed): the room waits the grace for her instead of ending.
    const onHide = () => {
      if (activeRef.current) void leavePrivate(activeRef.current.notice.room_id, true).catch(() => {});
    };
    window.addEventListener('pagehide', onHide);
    const offs = [
      realtime.on<OneOnOneNotice>(LiveEvent.memberEntered, (notice) => {
        setMessage('');
        setWaiting((list) => [notice, ...list.filter((n) => n.room_id !== notice.room_id)]);
      }),
      realtime.on<OneOnOneNotice>(LiveEvent.memberCamera, (notice) => {
        if (activeRef.current?.notice.room_id !== notice.room_id) return;
        if (notice.camera === 1) {
          watchHis(notice.room_id);
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
          setEnded(endedOf(activeRef.current));
          onActiveRef.current?.(false);
          stop(activeRef.current);
          setActive(null);
          // Her receiving connection for his camera closes with the room.
          hisRef.current?.pc.close();
          setHis(null);
          const herOwn = notice.status === 'removed' || notice.status === 'banned';
          setMessage(`${notice.nickname}: ${herOwn ? ModerationText.oneOnOneEnded : LiveText.memberLeft}`);
        }
      }),
    ];
    return () => {
      for (const off of offs) off();
      window.removeEventListener('pagehide', onHide);
      if (activeRef.current) stop(activeRef.current);
      hisRef.current?.pc.close();
    };
  }, []);

  async function join(notice: OneOnOneNotice) {
    setBusy(true);
    setMessage('');
    // Her studio says at once that she is going into a One-on-One (the server closes her public
    // room as she joins), not at the next profile read; a join that fails says so again.
    onActiveRef.current?.(true);
    try {
      const camera = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      try {
        const pc = await joinOneOnOne(notice.room_id, camera);
        const joined = { notice, pc, camera, sinceMs: Date.now() };
        setEnded(null);
        activeRef.current = joined;
        setActive(joined);
        setWaiting((list) => list.filter((n) => n.room_id !== notice.room_id));
        // Rejoined after a reload with his camera already on.
        if (notice.camera === 1) watchHis(notice.room_id);
      } catch (e) {
        for (const track of camera.getTracks()) track.stop();
        setMessage(errorText(e));
        onActiveRef.current?.(false);
      }
    } catch {
      setMessage(LiveText.noCamera);
      onActiveRef.current?.(false);
    }
    setBusy(false);
  }

  async function end() {
    if (!active) return;
    setEnded(endedOf(active));
    onActiveRef.current?.(false);
    stop(active);
    his?.pc.close();
    setActive(null);
    setHis(null);
    await leavePrivate(active.notice.room_id).catch(() => {});
  }

  if (!active && waiting.length === 0 && !message && !ended) return null;
  return (
    <section className="card one-on-one" aria-labelledby="one-on-one-title">
      <h2 id="one-on-one-title">One-on-One</h2>
      {message && <p role="status">{message}</p>}
      {ended && !active && <OneOnOneSummary ended={ended} />}
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
          {active.sinceMs !== undefined && (
            <>
              <OneOnOneTimer sinceMs={active.sinceMs} />
              <OneOnOneEarned roomId={active.notice.room_id} sinceMs={active.sinceMs} />
            </>
          )}
          <ViewerActions userid={active.notice.user_id} nickname={active.notice.nickname} />
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
