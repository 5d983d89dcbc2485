/**
 * The browser's side of a live room's media: a viewer answers the server's offer, a broadcaster
 * offers her camera. Candidates are gathered before a description is sent (no trickle): on one
 * network it takes milliseconds, and it keeps the signalling to one call each way.
 */
import { type IceServerInfo, LiveText } from '../../../protocol/live/live';
import { SIMULCAST_LAYERS } from '../../../protocol/live/quality';
import { applyCreditNotice, applyLackOfCredit } from '../../realtime/handlers';
import {
  answerMember,
  answerRoom,
  getIceServers,
  goLive,
  joinPrivate,
  leaveRoom,
  memberCamera,
  memberCameraOff,
  watchMember,
  watchRoom,
} from './api';
import { BROADCAST_VIDEO, MEMBER_VIDEO, tuneCamera } from './camera';
import type { LiveSearch } from './search';

/** Spec 000 §5: RTC needs media-device and peer-connection support. */
export const canPlayLive = () => typeof RTCPeerConnection === 'function';
export const canBroadcast = () => canPlayLive() && Boolean(navigator.mediaDevices?.getUserMedia);

/** Past this, the server's candidates are what we have: answer with them. */
const GATHER_TIMEOUT_MS = 2_000;

function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState !== 'complete') return;
      pc.removeEventListener('icegatheringstatechange', done);
      resolve();
    };
    pc.addEventListener('icegatheringstatechange', done);
    setTimeout(resolve, GATHER_TIMEOUT_MS);
  });
}

const rtcConfig = (servers: IceServerInfo[]): RTCConfiguration => ({ iceServers: servers });

export interface WatchedRoom {
  roomId: string;
  viewerId: string;
  nickname: string;
  oneOnOne: boolean;
  /** She has not joined yet (a One-on-One): her picture comes when she does. */
  waiting: boolean;
  /** What each started minute costs (0: a free room). */
  creditPerMinute: number;
  /** Minutes paid before the room opened. */
  prepaidMinutes: number;
  /** A broadcast voucher pays the prepaid minutes. */
  voucher: boolean;
  /** What the visit had cost when he came in (the server's figure; RoomSpentNotice follows it). */
  spent: number;
  stream: MediaStream;
  pc: RTCPeerConnection;
  /** `away`: the page is going (closed or reloading): the server keeps the visit for a reload. */
  leave(away?: boolean): void;
}

/** Opens a room as a viewer: the stream starts once the connection is up. */
export async function openRoom(search: LiveSearch, priceOk = false): Promise<WatchedRoom> {
  const offer = await watchRoom(search, priceOk);
  let spentAtEntry = 0;
  let pc: RTCPeerConnection | undefined;
  let left = false;
  const leave = (away = false) => {
    if (left) return;
    left = true;
    pc?.close();
    void leaveRoom(offer.viewer_id, away).catch(() => {});
  };
  try {
    const received = await receive(offer, async (sdp) => {
      const { credit, low_credit, spent } = await answerRoom(offer.viewer_id, sdp);
      // His socket may sign in after the entry charge's notices went out: the answer says it too.
      applyCreditNotice({ credit });
      spentAtEntry = spent ?? 0;
      if (low_credit === 1) applyLackOfCredit();
    });
    pc = received.pc;
    return {
      roomId: offer.room_id,
      viewerId: offer.viewer_id,
      nickname: offer.anchor.nickname,
      oneOnOne: search.type === 'private',
      waiting: offer.waiting === 1,
      creditPerMinute: offer.credit_per_minute,
      prepaidMinutes: offer.prepaid_minutes,
      voucher: offer.voucher === 1,
      spent: spentAtEntry,
      stream: received.stream,
      pc,
      leave,
    };
  } catch (error) {
    leave();
    throw error;
  }
}

export interface Broadcast {
  roomId: string;
  pc: RTCPeerConnection;
  stop(): void;
}

/** She goes live with the tracks of `camera`: her offer out, the SFU's answer in. */
export async function startBroadcast(
  camera: MediaStream,
  roomType: number,
  liveShowId?: string,
): Promise<Broadcast> {
  let roomId = '';
  await tuneCamera(camera, BROADCAST_VIDEO);
  const pc = await publishCamera(
    camera,
    async (sdp) => {
      const answer = await goLive(sdp, roomType, liveShowId);
      roomId = answer.room_id;
      return answer.sdp;
    },
    undefined,
    { layers: true },
  );
  return { roomId, pc, stop: () => pc.close() };
}

/** Publishes a camera: our offer out through `send`, the SFU's answer in. */
export async function publishCamera(
  camera: MediaStream,
  send: (sdp: string) => Promise<string>,
  iceServers?: IceServerInfo[],
  { layers = false } = {},
): Promise<RTCPeerConnection> {
  // Behind a NAT her offer needs TURN candidates, so the servers come before the offer is made.
  const pc = new RTCPeerConnection(rtcConfig(iceServers ?? (await getIceServers())));
  for (const track of camera.getTracks()) {
    // `layers`: her video in simulcast layers, from which the SFU gives each viewer the one he chose.
    const sendEncodings =
      layers && track.kind === 'video' ? SIMULCAST_LAYERS.map((l) => ({ ...l })) : undefined;
    pc.addTransceiver(track, { direction: 'sendonly', streams: [camera], sendEncodings });
  }
  try {
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    await pc.setRemoteDescription({ type: 'answer', sdp: await send(pc.localDescription?.sdp ?? '') });
    return pc;
  } catch (error) {
    pc.close();
    throw error;
  }
}

/** Receives a stream the server offers (a room's media, his camera): our answer out through `send`. */
export async function receive(
  offer: { sdp: string; ice_servers: IceServerInfo[] },
  send: (sdp: string) => Promise<unknown>,
): Promise<{ pc: RTCPeerConnection; stream: MediaStream }> {
  const pc = new RTCPeerConnection(rtcConfig(offer.ice_servers));
  const stream = new MediaStream();
  pc.addEventListener('track', (event) => stream.addTrack(event.track));
  try {
    await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc);
    await send(pc.localDescription?.sdp ?? '');
    return { pc, stream };
  } catch (error) {
    pc.close();
    throw error;
  }
}

/** A received connection with no video frame decoded by then (or ICE failed) is opened again. */
export const MEDIA_WAIT_MS = 6_000;
export const VIDEO_RETRIES = 2;

/** True once a video frame was decoded; false when the connection failed or nothing came in `waitMs`. */
export async function mediaArrived(pc: RTCPeerConnection, waitMs = MEDIA_WAIT_MS): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (pc.connectionState === 'failed' || pc.connectionState === 'closed') return false;
    // A hidden tab may not decode: the packets arriving are enough there.
    const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
    for (const r of (await pc.getStats()).values())
      if (
        r.type === 'inbound-rtp' &&
        r.kind === 'video' &&
        ((r.framesDecoded ?? 0) > 0 || (hidden && (r.packetsReceived ?? 0) > 0))
      )
        return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/**
 * Opens a received connection through `open`, and again (at most VIDEO_RETRIES times, `onRetry`
 * telling the viewer) while its video does not arrive: a track lost on the way is seen and retried
 * rather than left black. Gives up with LiveText.videoFailed.
 */
export async function receiveRetried<T extends { pc: RTCPeerConnection }>(
  open: () => Promise<T>,
  onRetry: () => void,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const got = await open();
    if (await mediaArrived(got.pc)) return got;
    got.pc.close();
    if (attempt >= VIDEO_RETRIES) throw new Error(LiveText.videoFailed);
    onRetry();
  }
}

/** In a One-on-One, his camera for her (two-way video); stop() turns it off. */
export async function startMemberCamera(viewerId: string, camera: MediaStream): Promise<{ stop(): void }> {
  await tuneCamera(camera, MEMBER_VIDEO);
  const pc = await publishCamera(camera, async (sdp) => (await memberCamera(viewerId, sdp)).sdp);
  return {
    stop: () => {
      pc.close();
      void memberCameraOff(viewerId).catch(() => {});
    },
  };
}

/** She joins a One-on-One with her camera. */
export async function joinOneOnOne(roomId: string, camera: MediaStream): Promise<RTCPeerConnection> {
  return publishCamera(camera, async (sdp) => (await joinPrivate(roomId, sdp)).sdp);
}

/** She sees his camera in their One-on-One. */
export async function watchMemberCamera(
  roomId: string,
): Promise<{ pc: RTCPeerConnection; stream: MediaStream }> {
  const offer = await watchMember(roomId);
  return receive(offer, (sdp) => answerMember(offer.viewer_id, sdp));
}
