/**
 * His visit to a room, from entry to end: the price to confirm first in a paid public room, the
 * connection (retried on a new one when media does not arrive, rtc.ts), and the end with its own
 * words (spec 000 §4, §8): hers, the server's, the network's, or his End. A paid room's end keeps
 * what the summary needs; a show refused for want of a ticket says so.
 */
import { useEffect, useRef, useState } from 'react';
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
import { isPaidRoom, needsTicket } from './room-view';
import type { RoomKind } from './room-words';
import { canPlayLive, mediaArrived, openRoom, VIDEO_RETRIES, type WatchedRoom } from './rtc';
import type { LiveSearch } from './search';

/** A paid room that ended: what its summary reads back from the server. */
export interface EndedVisit {
  roomId: string;
  nickname: string;
  kind: RoomKind;
}

export type RoomState =
  | { phase: 'connecting' }
  /** A paid public room: its price and what pays it, before anything is charged (10700). */
  | { phase: 'price'; price: RoomPrice }
  | { phase: 'playing'; room: WatchedRoom }
  | { phase: 'ended'; text: string; visit?: EndedVisit; ticket?: boolean };

/** How long a connection may stay "disconnected" before the room counts as lost. */
const RECONNECT_GRACE_MS = 5_000;

export const roomKind = (room: WatchedRoom, search: LiveSearch): RoomKind => ({
  oneOnOne: room.oneOnOne,
  show: Boolean(search.liveShowid),
  creditPerMinute: room.creditPerMinute,
});

export function useWatchedRoom(search: LiveSearch) {
  const { anchorid, type } = search;
  const [state, setState] = useState<RoomState>(() =>
    canPlayLive() ? { phase: 'connecting' } : { phase: 'ended', text: LiveText.noRtc },
  );
  const [attempt, setAttempt] = useState(0);
  /** Reconnecting video… while a connection whose media did not arrive is opened again. */
  const [note, setNote] = useState('');
  // Set once he confirmed the room's price on this page: a retry or a reload of the room keeps it.
  const [priceOk, setPriceOk] = useState(false);
  /** His End: the room's own end, with his words. */
  const endRef = useRef<(text: string) => void>(() => {});

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
      const kind = room && roomKind(room, search);
      const visit =
        room && kind && isPaidRoom(kind) ? { roomId: room.roomId, nickname: room.nickname, kind } : undefined;
      setState({ phase: 'ended', text, visit });
    };
    endRef.current = end;
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
      const errno = error instanceof ApiError ? error.errno : undefined;
      over = true;
      setState({
        phase: 'ended',
        text: errorText(error),
        ticket: needsTicket(errno, errorText(error), search.liveShowid),
      });
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

  return {
    state,
    note,
    confirmPrice: () => setPriceOk(true),
    retry: () => setAttempt((n) => n + 1),
    /** His End in a paid room: leaves at once (no confirmation: it stops the paying). */
    endNow: (text: string) => endRef.current(text),
  };
}
