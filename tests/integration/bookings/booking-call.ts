/**
 * What the booking settle tests share: a booked One-on-One she accepted, and the call held in its
 * room (PV<booking>) with real WebRTC peers (werift) on both sides, as live-rooms.test.ts does.
 */
import { BookingApi, type BookingInfo, type SendBookingAnswer } from '../../../protocol/bookings/booking';
import {
  type GoLiveAnswer,
  type JoinPrivateAnswer,
  LiveApi,
  type WatchAnswer,
} from '../../../protocol/live/live';
import type { Client } from '../harness';
import { rtcPeers } from '../rtc-peers';

const rtc = rtcPeers();
const { answerOffer, cameraOffer } = rtc;

export const closePeers = (): Promise<void> => rtc.close();

/** He books her `skip`-th free slot (as he sees them) and she accepts: the booking id and its start. */
export async function bookAccepted(
  member: Client,
  lady: Client,
  anchorId: string,
  skip = 0,
): Promise<{ bookingId: string; at: number }> {
  const info = await member.call<BookingInfo>(BookingApi.manBookingInfo, { userid: anchorId });
  const slot = info.book_time.filter((s) => s.status === 0)[skip];
  if (!slot) throw new Error(`no free slot of ${anchorId}`);
  const booked = await member.call<SendBookingAnswer>(BookingApi.sendBookingRequest, {
    userid: anchorId,
    book_time: slot.time,
  });
  await lady.call(BookingApi.handleBooking, { invitation_id: booked.invitation_id, type: 1 });
  return { bookingId: booked.invitation_id, at: slot.time * 1000 };
}

/** He enters the booking's room and waits for her (the live clock must be in its time). */
export async function enterBooking(
  member: Client,
  anchorId: string,
  bookingId: string,
): Promise<WatchAnswer> {
  const offer = await member.call<WatchAnswer>(LiveApi.watch, {
    anchorid: anchorId,
    type: 'private',
    roomid: `PV${bookingId}`,
  });
  await member.call(LiveApi.answer, { viewer_id: offer.viewer_id, sdp: await answerOffer(offer.sdp) });
  return offer;
}

/** The call: he enters, she joins with her camera (his billing session opens), then he leaves. */
export async function holdCall(
  member: Client,
  lady: Client,
  anchorId: string,
  bookingId: string,
): Promise<void> {
  const offer = await enterBooking(member, anchorId, bookingId);
  const camera = await cameraOffer();
  const joined = await lady.call<JoinPrivateAnswer>(LiveApi.joinPrivate, {
    room_id: offer.room_id,
    sdp: camera.sdp,
  });
  await camera.take(joined.sdp);
  await member.call(LiveApi.leave, { viewer_id: offer.viewer_id });
}

/** She goes live in her public room with her camera. */
export async function goLive(lady: Client): Promise<void> {
  const camera = await cameraOffer();
  const answer = await lady.call<GoLiveAnswer>(LiveApi.goLive, { sdp: camera.sdp, room_type: 1 });
  await camera.take(answer.sdp);
}
