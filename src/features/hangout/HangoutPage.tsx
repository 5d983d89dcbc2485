/**
 * /hangout?id={anchorid} (hangout.html?id=…#anchorid=…&send_type=2): the member's hang-out with her.
 * Until she starts it the page waits for imMan/enterHangoutRoom; then her camera and each friend
 * on camera play in a grid, the slots follow the server's notices (invited, knocking, counting
 * back), with the room's chat, the minute meter and Leave. Leaving ends the hang-out.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Errno } from '../../../protocol/errors';
import {
  HANGOUT_NOT_STARTED,
  type HangoutEndNotice,
  HangoutEndText,
  type HangoutEnterAnswer,
  HangoutEvent,
  type HangoutSlot,
  type HangoutSlotsNotice,
  HangoutStatus,
  HangoutText,
} from '../../../protocol/hangouts/hangout';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/use-request';
import { realtime } from '../../realtime';
import { useQuietMoment } from '../../state/quiet-moment';
import { sendHangoutRequest } from '../invites/api';
import { MyCamera } from '../live/MyCamera';
import { RoomChat } from '../live/RoomChat';
import { RoomGiftFeed } from '../live/RoomGiftFeed';
import { RoomGifts } from '../live/RoomGifts';
import { RoomMeter } from '../live/RoomMeter';
import { canPlayLive, publishCamera } from '../live/rtc';
import { AddCreditsLink } from '../payments/AddCreditsLink';
import { ClickFrom } from '../payments/click-from';
import { enterHangout, hangoutCameraOff, hangoutCameraOn, leaveHangout, sayInHangout } from './api';
import { cameraOwner, HangoutVideo } from './HangoutVideo';
import { slotWords } from './slot-words';
import './hangout.css';

type PageState =
  | { phase: 'entering' }
  | { phase: 'waiting' }
  | { phase: 'in'; room: HangoutEnterAnswer }
  | { phase: 'ended'; text: string; lackCredit?: boolean };

export function HangoutPage({ id, send_type }: { id?: string; send_type?: string }) {
  const navigate = useNavigate();
  const [state, setState] = useState<PageState>({ phase: 'entering' });
  // No invitation bubble over the hang-out's cameras: they wait (src/state/quiet-moment.ts).
  useQuietMoment('live-room');
  const [slots, setSlots] = useState<HangoutSlot[]>([]);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!id) return;
    if (!canPlayLive()) return setState({ phase: 'ended', text: 'This browser cannot play live video.' });
    let over = false;
    let roomId = '';
    const enter = () =>
      enterHangout(id).then(
        (room) => {
          if (over) return;
          roomId = room.room_id;
          setSlots(room.slots);
          setState({ phase: 'in', room });
        },
        (e: unknown) => {
          if (over) return;
          if (e instanceof ApiError && e.errno === HANGOUT_NOT_STARTED) setState({ phase: 'waiting' });
          else setState({ phase: 'ended', text: errorText(e) });
        },
      );
    setState({ phase: 'entering' });
    void enter();
    const offs = [
      realtime.on<{ anchor_id: string }>(HangoutEvent.enterRoom, (notice) => {
        if (notice.anchor_id === id && !roomId) void enter();
      }),
      realtime.on<HangoutSlotsNotice>(HangoutEvent.slots, (notice) => {
        if (notice.room_id === roomId) setSlots(notice.slots);
      }),
      realtime.on<HangoutEndNotice>(HangoutEvent.end, (notice) => {
        if (notice.room_id !== roomId || notice.anchor_id) return;
        over = true;
        roomId = '';
        setState({
          phase: 'ended',
          text: HangoutEndText[notice.status] ?? HangoutEndText.common,
          lackCredit: notice.status === 'lackCredit',
        });
      }),
    ];
    const onHide = () => roomId && void leaveHangout(roomId, true).catch(() => {});
    window.addEventListener('pagehide', onHide);
    return () => {
      over = true;
      for (const off of offs) off();
      window.removeEventListener('pagehide', onHide);
      if (roomId) void leaveHangout(roomId).catch(() => {});
    };
  }, [id, attempt]);

  if (!id)
    return (
      <div className="page hangout-page" data-popups-hold="">
        <h1 className="page-title">Hang-out</h1>
        <p>Open a broadcaster's profile and choose Hang-out to start one.</p>
        <Link to="/howhangoutwork">How Hang-out works</Link>
      </div>
    );

  const leave = async () => {
    if (state.phase === 'in') await leaveHangout(state.room.room_id).catch(() => {});
    void navigate({ to: '/anchor/$anchorId', params: { anchorId: id } });
  };
  const room = state.phase === 'in' ? state.room : null;
  return (
    <div className="page hangout-page" data-popups-hold="">
      <h1 className="page-title">{room ? `Hang-out with ${room.anchor.nickname}` : 'Hang-out'}</h1>
      {state.phase === 'entering' && <p role="status">Entering the hang-out…</p>}
      {state.phase === 'waiting' && <WaitingForHer anchorId={id} sendNow={send_type === '2'} />}
      {room && (
        <>
          <div className="hangout-grid" data-testid="hangout-grid">
            <HangoutVideo
              roomId={room.room_id}
              owner={cameraOwner(room.anchor)}
              label={room.anchor.nickname}
            />
            {slots.map((slot) =>
              slot.status.type === HangoutStatus.living && slot.anchorData ? (
                <HangoutVideo
                  key={slot.anchorData.anchor_id}
                  roomId={room.room_id}
                  owner={cameraOwner(slot.anchorData)}
                  label={slot.anchorData.nickname}
                />
              ) : (
                <div
                  key={`slot-${slot.index}`}
                  className="hangout-tile hangout-tile-empty"
                  data-testid="hangout-slot"
                >
                  <p>{slotWords(slot)}</p>
                </div>
              ),
            )}
          </div>
          <MyCamera
            start={(camera) => sendMyCamera(room.room_id, camera)}
            onLabel="Turn my camera on for them"
          />
          {/* Its first minute is paid on entry; the live tick's RoomSpentNotice brings the rest. */}
          <RoomMeter
            roomId={room.room_id}
            spentAtEntry={room.credit_per_minute}
            creditPerMinute={room.credit_per_minute}
            prepaidMinutes={0}
          />
          <RoomGiftFeed roomId={room.room_id} />
          <RoomGifts anchorId={room.anchor.anchor_id} nickname={room.anchor.nickname} />
          <RoomChat roomId={room.room_id} say={(text) => sayInHangout(room.room_id, text)} />
        </>
      )}
      {state.phase === 'ended' && (
        <div className="hangout-ended">
          <p role="alert" data-testid="hangout-end">
            {state.text}
          </p>
          {state.lackCredit && <AddCreditsLink clickFrom={ClickFrom.liveEnded} className="btn btn-primary" />}
          <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      <div className="hangout-actions">
        <button type="button" className="btn btn-ghost" onClick={() => void leave()}>
          {room ? 'Leave the hang-out' : 'Back to her profile'}
        </button>
        <Link to="/hangoutdetail" search={{ id }} className="btn btn-ghost">
          Hang-out details
        </Link>
      </div>
    </div>
  );
}

/** His camera for the broadcasters in the hang-out; stop() turns it off. */
async function sendMyCamera(roomId: string, camera: MediaStream) {
  const pc = await publishCamera(camera, async (sdp) => (await hangoutCameraOn(roomId, sdp)).sdp);
  return {
    stop: () => {
      pc.close();
      void hangoutCameraOff(roomId).catch(() => {});
    },
  };
}

/** Until she starts it: what he waits for, and his request to her if he has not sent one yet. */
function WaitingForHer({ anchorId, sendNow }: { anchorId: string; sendNow: boolean }) {
  const [sent, setSent] = useState<'no' | 'sending' | 'yes'>('no');
  const [error, setError] = useState('');
  const send = () => {
    setSent('sending');
    setError('');
    sendHangoutRequest(anchorId).then(
      () => setSent('yes'),
      (e: unknown) => {
        // An open request already waits for her: that is what we wait for too.
        if (e instanceof ApiError && e.errno === Errno.REQUEST_PENDING) setSent('yes');
        else {
          setSent('no');
          setError(errorText(e));
        }
      },
    );
  };
  // Once, as the page opens (a second send finds the first pending, which is the same).
  useEffect(() => {
    if (sendNow) send();
  }, []);
  return (
    <div className="hangout-waiting">
      <p role="status" data-testid="hangout-waiting">
        {HangoutText.notStarted}
      </p>
      {sent !== 'yes' && (
        <button type="button" className="btn btn-primary" disabled={sent === 'sending'} onClick={send}>
          Ask her for a hang-out
        </button>
      )}
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
