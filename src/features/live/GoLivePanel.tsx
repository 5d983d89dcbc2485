/**
 * The broadcaster's camera in her workspace: a preview with the camera of her choice, then Go live
 * (her public room opens, members see her Live; or her show's room, for its ticket holders) and End
 * (every viewer's room closes at once).
 */
import { useEffect, useRef, useState } from 'react';
import { LiveText } from '../../../protocol/live/live';
import { errorText } from '../../api/use-request';
import { LiveBadge } from '../broadcaster/LiveBadge';
import { liveRoomText, TAKEN_INTO_ONE_ON_ONE } from '../broadcaster/studio-rules';
import { RideEntranceFeed } from '../rides/RideEntranceFeed';
import { getOwnShows, type LadyShowInfo } from '../shows/api';
import { endLive, sayAsLady } from './api';
import { useStreamVideo } from './camera';
import { FaceIdCheck } from './FaceIdCheck';
import { LiveViewers } from './LiveViewers';
import { RoomChat } from './RoomChat';
import { RoomGiftFeed } from './RoomGiftFeed';
import { roomChoices } from './room-choice';
import { type Broadcast, canBroadcast, startBroadcast } from './rtc';
import './live.css';

type Phase = 'off' | 'preview' | 'starting' | 'live' | 'ending';
/** Her shows are read again this often, so one whose Watch Now comes while she waits appears. */
const SHOWS_REFRESH_MS = 30_000;

export function GoLivePanel({
  onLiveChange,
  inOneOnOne = false,
}: {
  onLiveChange?: (live: boolean) => void;
  /** She went into a One-on-One: the server closed her room, so this panel says so at once. */
  inOneOnOne?: boolean;
}) {
  const [phase, setPhase] = useState<Phase>('off');
  const [error, setError] = useState('');
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState('');
  const [camera, setCamera] = useState<MediaStream | null>(null);
  const [shows, setShows] = useState<LadyShowInfo[]>([]);
  const [choiceKey, setChoiceKey] = useState('public');
  const choices = roomChoices(shows, Date.now());
  const choice = choices.find((c) => c.key === choiceKey) ?? choices[0];
  const [faceOk, setFaceOk] = useState(false);
  // The room she went live in and when: the studio's LIVE badge, timer and room line read these.
  const [live, setLive] = useState<{ sinceMs: number; text: string } | null>(null);
  const broadcast = useRef<Broadcast | null>(null);
  // The camera goes off with the page; so does the broadcast (the server ends it when she drops).
  const preview = useStreamVideo(camera, { ownTracks: true });
  useEffect(
    () => () => {
      broadcast.current?.stop();
    },
    [],
  );
  useEffect(() => {
    let on = true;
    // Without her shows she can still go live in her public room: a failed read only hides them.
    const load = () =>
      getOwnShows(0).then(
        (list) => on && setShows(list),
        () => {},
      );
    void load();
    const timer = setInterval(load, SHOWS_REFRESH_MS);
    return () => {
      on = false;
      clearInterval(timer);
    };
  }, []);

  // The One-on-One closed her room on the server: her panel stops it now rather than when its
  // connection times out, and tells her why.
  const onLiveRef = useRef(onLiveChange);
  onLiveRef.current = onLiveChange;
  const wasLive = phase === 'live';
  useEffect(() => {
    if (!inOneOnOne || !wasLive) return;
    const stopped = broadcast.current;
    broadcast.current = null;
    stopped?.stop();
    setPhase('preview');
    setError(TAKEN_INTO_ONE_ON_ONE);
    onLiveRef.current?.(false);
  }, [inOneOnOne, wasLive]);
  // Her One-on-One ended: the note about it goes, Go live is hers again.
  useEffect(() => {
    if (!inOneOnOne) setError((shown) => (shown === TAKEN_INTO_ONE_ON_ONE ? '' : shown));
  }, [inOneOnOne]);

  async function openCamera(deviceId = cameraId) {
    setError('');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: deviceId ? { deviceId: { exact: deviceId } } : true,
        audio: true,
      });
      setCamera(stream);
      const devices = await navigator.mediaDevices.enumerateDevices();
      setCameras(devices.filter((d) => d.kind === 'videoinput'));
      setCameraId(stream.getVideoTracks()[0]?.getSettings().deviceId ?? deviceId);
      if (phase === 'off') setPhase('preview');
    } catch {
      setError(LiveText.noCamera);
    }
  }

  async function goLive() {
    if (!camera) return;
    setPhase('starting');
    setError('');
    try {
      const started = await startBroadcast(camera, choice.roomType, choice.liveShowId);
      broadcast.current = started;
      // The server ended it (she joined a One-on-One, another tab went live) or the network went.
      started.pc.addEventListener('connectionstatechange', () => {
        if (broadcast.current !== started) return;
        if (started.pc.connectionState !== 'failed' && started.pc.connectionState !== 'closed') return;
        broadcast.current = null;
        started.stop();
        setError(LiveText.broadcastStopped);
        setPhase('preview');
        onLiveChange?.(false);
      });
      setLive({ sinceMs: Date.now(), text: liveRoomText(choice) });
      setPhase('live');
      onLiveChange?.(true);
    } catch (e) {
      setError(errorText(e));
      setPhase('preview');
    }
  }

  async function end() {
    setPhase('ending');
    broadcast.current?.stop();
    broadcast.current = null;
    try {
      await endLive();
    } catch (e) {
      setError(errorText(e));
    }
    setPhase('preview');
    onLiveChange?.(false);
  }

  if (!canBroadcast()) {
    return (
      <section className="card" aria-labelledby="go-live-title">
        <h2 id="go-live-title">Your camera</h2>
        <p role="alert">{LiveText.noRtc}</p>
      </section>
    );
  }

  const onAir = phase === 'live' || phase === 'ending';
  return (
    <section
      className={`card go-live${onAir ? ' go-live-on' : ''}`}
      aria-labelledby="go-live-title"
      data-testid="go-live"
    >
      <div className="go-live-main">
        <h2 id="go-live-title">Your camera</h2>
        {phase === 'live' && live && <LiveBadge sinceMs={live.sinceMs} />}
        <p aria-live="polite" className="go-live-state" data-testid="go-live-state">
          {phase === 'live' && live?.text}
          {phase === 'starting' && 'Going live…'}
          {phase === 'ending' && 'Ending your broadcast…'}
        </p>
        {camera ? (
          <video
            ref={preview}
            className="go-live-preview"
            autoPlay
            playsInline
            muted
            data-testid="camera-preview"
          />
        ) : (
          <p className="muted">Turn your camera on to see yourself before you go live.</p>
        )}
        {cameras.length > 1 && (
          <label className="field">
            <span>Camera</span>
            <select
              value={cameraId}
              disabled={phase === 'live' || phase === 'starting'}
              onChange={(e) => {
                setCameraId(e.target.value);
                void openCamera(e.target.value);
              }}
            >
              {cameras.map((c, i) => (
                <option key={c.deviceId} value={c.deviceId}>
                  {c.label || `Camera ${i + 1}`}
                </option>
              ))}
            </select>
          </label>
        )}
        {!onAir && (
          <fieldset className="go-live-kind" disabled={phase === 'starting'}>
            <legend>Room</legend>
            {choices.map((c) => (
              <label key={c.key}>
                <input
                  type="radio"
                  name="room-type"
                  checked={c.key === choice.key}
                  onChange={() => setChoiceKey(c.key)}
                />{' '}
                {c.label}
              </label>
            ))}
          </fieldset>
        )}
        {/* While she is on air her check is done; it shows again for her next Go live. */}
        {!onAir && <FaceIdCheck roomType={choice.roomType} onStatus={setFaceOk} />}
        {error && <p role="alert">{error}</p>}
        <div className="live-actions">
          {!camera && (
            <button type="button" className="btn" onClick={() => void openCamera()}>
              Turn camera on
            </button>
          )}
          {camera && (phase === 'preview' || phase === 'starting') && (
            <button
              type="button"
              className="btn"
              disabled={phase === 'starting' || !faceOk}
              onClick={() => void goLive()}
            >
              Go live
            </button>
          )}
          {(phase === 'live' || phase === 'ending') && (
            <button type="button" className="btn" disabled={phase === 'ending'} onClick={() => void end()}>
              End broadcast
            </button>
          )}
        </div>
      </div>
      {phase === 'live' && broadcast.current && (
        <div className="go-live-side">
          <RoomChat
            roomId={broadcast.current.roomId}
            say={(text) => sayAsLady(broadcast.current?.roomId ?? '', text)}
          />
          <LiveViewers />
          <RoomGiftFeed roomId={broadcast.current.roomId} />
          <RideEntranceFeed roomId={broadcast.current.roomId} />
        </div>
      )}
    </section>
  );
}
