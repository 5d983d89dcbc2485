/**
 * /live (live.html#anchorid=…&type=…): a member in a broadcaster's room. Her video and sound come
 * through the server's SFU; the room ends when she ends it, when he leaves, or when the network
 * goes, each with its own words (spec 000 §4, §8).
 */

import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import {
  type AnchorAwayNotice,
  LiveErrno,
  LiveEvent,
  LiveText,
  type ManEndStatus,
  type RoomCloseNotice,
  type RoomPrice,
} from '../../../protocol/live/live';
import { EventRoute } from '../../../protocol/realtime';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/use-request';
import { realtime } from '../../realtime';
import { useQuietMoment } from '../../state/quiet-moment';
import { OfferPop } from '../offers/OfferPop';
import { ServiceIntro } from '../offers/ServiceIntro';
import { AddCreditsLink } from '../payments/AddCreditsLink';
import { ClickFrom } from '../payments/click-from';
import { RideEntranceFeed } from '../rides/RideEntranceFeed';
import { RoomShotsPanel } from '../shots/RoomShotsPanel';
import { AnchorAwayNote } from './AnchorAwayNote';
import { sayAsMember } from './api';
import { useStreamVideo } from './camera';
import { MyCamera } from './MyCamera';
import { QualityMenu } from './QualityMenu';
import { RoomChat } from './RoomChat';
import { RoomGiftFeed } from './RoomGiftFeed';
import { RoomGifts } from './RoomGifts';
import { RoomMeter } from './RoomMeter';
import { RoomPriceConfirm } from './RoomPriceConfirm';
import { bubbleRoomOf, priceText, type RoomKind, roomTitle } from './room-words';
import {
  canPlayLive,
  mediaArrived,
  openRoom,
  startMemberCamera,
  VIDEO_RETRIES,
  type WatchedRoom,
} from './rtc';
import type { LiveSearch } from './search';
import './live.css';

type RoomState =
  | { phase: 'connecting' }
  /** A paid public room: its price and what pays it, before anything is charged (10700). */
  | { phase: 'price'; price: RoomPrice }
  | { phase: 'playing'; room: WatchedRoom }
  | { phase: 'ended'; text: string };

/** How long a connection may stay "disconnected" before the room counts as lost. */
const RECONNECT_GRACE_MS = 5_000;

export function LivePage(search: LiveSearch) {
  const { anchorid, type } = search;
  const [state, setState] = useState<RoomState>(() =>
    canPlayLive() ? { phase: 'connecting' } : { phase: 'ended', text: LiveText.noRtc },
  );
  // No invitation bubble over the room's video or a call: they wait (src/state/quiet-moment.ts),
  // all but hers (her invitation to a One-on-One is part of this room).
  useQuietMoment('live-room', state.phase !== 'ended', bubbleRoomOf(search));
  const [attempt, setAttempt] = useState(0);
  /** Reconnecting video… while a connection whose media did not arrive is opened again. */
  const [note, setNote] = useState('');
  // Set once he confirmed the room's price on this page: a retry or a reload of the room keeps it.
  const [priceOk, setPriceOk] = useState(false);
  const router = useRouter();

  useEffect(() => {
    if (!canPlayLive() || !anchorid) return;
    let room: WatchedRoom | undefined;
    let over = false;
    let lostTimer: ReturnType<typeof setTimeout> | undefined;
    const end = (text: string) => {
      if (over) return;
      over = true;
      clearTimeout(lostTimer);
      room?.leave();
      setState({ phase: 'ended', text });
    };
    setState({ phase: 'connecting' });
    const offClose = realtime.on<RoomCloseNotice>(EventRoute.roomClose, (notice) => {
      if (room && notice.room_id === room.roomId)
        end(LiveText[notice.status as ManEndStatus] ?? LiveText.common);
    });
    // The page closing or reloading: the server keeps the visit a moment for a reload to resume.
    const onHide = () => room?.leave(true);
    window.addEventListener('pagehide', onHide);
    let retries = 0;
    let checking = false;
    const play = (opened: WatchedRoom) => {
      room = opened;
      if (over) return opened.leave();
      opened.pc.addEventListener('connectionstatechange', () => {
        const s = opened.pc.connectionState;
        clearTimeout(lostTimer);
        if (room !== opened || checking) return;
        if (s === 'failed') end(LiveText.badNetwork);
        if (s === 'disconnected') lostTimer = setTimeout(() => end(LiveText.badNetwork), RECONNECT_GRACE_MS);
      });
      setState({ phase: 'playing', room: opened });
      if (!opened.waiting) checkMedia(opened);
    };
    // Media that does not arrive (no frame decoded, ICE failed) is retried on a new connection
    // that resumes the same visit, then given up with a clear message (rtc.ts).
    const checkMedia = (opened: WatchedRoom) => {
      checking = true;
      void mediaArrived(opened.pc).then((ok) => {
        checking = false;
        if (ok || over || room !== opened) return;
        if (retries++ >= VIDEO_RETRIES) return end(LiveText.videoFailed);
        setNote(LiveText.videoReconnecting);
        reopen(opened);
      });
    };
    /** A new connection to the room, resuming the same visit (the old one's seat hands it over). */
    const reopen = (opened: WatchedRoom) => {
      opened.leave(true);
      openRoom(search, priceOk).then(
        (next) => {
          setNote('');
          play(next);
        },
        (error: unknown) => end(errorText(error)),
      );
    };
    // She is back in his One-on-One after a reload: her new camera comes on a fresh connection.
    const offBack = realtime.on<AnchorAwayNotice>(LiveEvent.anchorAway, (notice) => {
      if (room && !over && notice.room_id === room.roomId && notice.away === 0) reopen(room);
    });
    openRoom(search, priceOk).then(play, (error: unknown) => {
      if (error instanceof ApiError && error.errno === LiveErrno.PRICE_NOT_CONFIRMED && error.data) {
        over = true;
        setState({ phase: 'price', price: error.data as RoomPrice });
        return;
      }
      end(errorText(error));
    });
    return () => {
      over = true;
      clearTimeout(lostTimer);
      offClose();
      offBack();
      window.removeEventListener('pagehide', onHide);
      room?.leave();
    };
    // The search's fields, not its object: a re-render must not reopen the room.
  }, [
    anchorid,
    type,
    search.anchor_inviteid,
    search.roomid,
    search.isauto,
    search.liveShowid,
    attempt,
    priceOk,
  ]);

  return (
    <div className="page live-page" data-popups-hold="">
      <h1 className="page-title" data-testid="room-title">
        {state.phase === 'playing'
          ? roomTitle(roomKind(state.room, search), state.room.nickname)
          : 'Live room'}
      </h1>
      {state.phase === 'playing' && (
        <p className="live-price" data-testid="room-price">
          {priceText(roomKind(state.room, search))}
        </p>
      )}
      {state.phase === 'price' && (
        <>
          <div className="live-stage live-stage-waiting" role="status">
            A premium room: nothing is charged until you confirm.
          </div>
          <RoomPriceConfirm
            price={state.price}
            anchorId={anchorid}
            onConfirm={() => setPriceOk(true)}
            onCancel={() =>
              window.history.length > 1
                ? router.history.back()
                : void router.navigate({ to: '/anchor/$anchorId', params: { anchorId: anchorid } })
            }
          />
        </>
      )}
      {state.phase === 'connecting' && (
        <div className="live-stage live-stage-waiting" role="status">
          {LiveText.loading}
        </div>
      )}
      {state.phase === 'playing' && (
        <>
          <LiveVideo
            stream={state.room.stream}
            waitingText={
              state.room.waiting
                ? search.liveShowid
                  ? LiveText.waitingShow
                  : LiveText.waitingAnchor
                : LiveText.loading
            }
          />
          {note && (
            <p className="live-waiting" role="status" data-testid="video-reconnecting">
              {note}
            </p>
          )}
          {state.room.oneOnOne && <AnchorAwayNote roomId={state.room.roomId} />}
          {/* Her One-on-One camera is one layer (one viewer): no choice to offer. */}
          {!state.room.oneOnOne && <QualityMenu viewerId={state.room.viewerId} />}
          <RoomMeter
            roomId={state.room.roomId}
            spentAtEntry={state.room.spent}
            creditPerMinute={state.room.creditPerMinute}
            prepaidMinutes={state.room.prepaidMinutes}
            voucher={state.room.voucher}
          />
          {state.room.oneOnOne && (
            <MyCamera
              start={(camera) => startMemberCamera(state.room.viewerId, camera)}
              onLabel="Turn my camera on for her"
            />
          )}
          <RoomGiftFeed roomId={state.room.roomId} />
          <RideEntranceFeed roomId={state.room.roomId} />
          <RoomGifts anchorId={anchorid} nickname={state.room.nickname} />
          <RoomChat
            roomId={state.room.roomId}
            anchorId={anchorid}
            say={(text) => sayAsMember(state.room.viewerId, text)}
          />
          <RoomShotsPanel anchorId={anchorid} nickname={state.room.nickname} />
          <OfferPop anchorId={anchorid} nickname={state.room.nickname} variant="room" />
          <ServiceIntro scene="live" />
        </>
      )}
      {state.phase === 'ended' && (
        <div className="live-stage live-stage-ended">
          <p role="alert" data-testid="live-end">
            {state.text}
          </p>
          <div className="live-actions">
            {state.text === LiveText.lackCredit && (
              <AddCreditsLink clickFrom={ClickFrom.liveEnded} className="btn btn-primary" />
            )}
            {canPlayLive() && (
              <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </button>
            )}
            <Link to="/masterlist" className="btn btn-ghost">
              Back to Discover
            </Link>
          </div>
        </div>
      )}
      {state.phase !== 'ended' && (
        <div className="live-actions">
          <Link to="/anchor/$anchorId" params={{ anchorId: anchorid }} className="btn btn-ghost">
            Leave the room
          </Link>
        </div>
      )}
    </div>
  );
}

const roomKind = (room: WatchedRoom, search: LiveSearch): RoomKind => ({
  oneOnOne: room.oneOnOne,
  show: Boolean(search.liveShowid),
  creditPerMinute: room.creditPerMinute,
});

/**
 * Starts muted (browsers refuse sound before a tap), with a button to turn her sound on; says
 * what it waits for until her first frame shows.
 */
function LiveVideo({ stream, waitingText }: { stream: MediaStream; waitingText: string }) {
  const video = useStreamVideo(stream);
  const [muted, setMuted] = useState(true);
  const [shown, setShown] = useState(false);
  return (
    <div className="live-stage">
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
        muted={muted}
        data-testid="live-video"
        onLoadedData={() => setShown(true)}
      />
      <button type="button" className="btn btn-small live-sound" onClick={() => setMuted((m) => !m)}>
        {muted ? 'Turn sound on' : 'Mute'}
      </button>
    </div>
  );
}
