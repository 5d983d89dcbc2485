/**
 * Her camera in a live chat (spec 002 §3, §9: invite type cam 1). In an open chat the broadcaster
 * may turn her camera on; the member's chat then shows her video, received through the live rooms'
 * SFU (one media path: a room of its own per chat, `chatCameraRoom`). The signalling travels over
 * the realtime socket as live chat's other requests do (LiveChatCameraRoute); the chat's status
 * notice (imShare/liveChatStatusNotice) carries `camera` 1/0 and the rate, so both sides hear it.
 *
 * Decisions where the spec is silent (also in docs/api.md "Live chat"):
 * - Price: while her camera is on for him a paid member's minutes are priced timer_gold_public
 *   (LIVECHAT_TIMERS); a free (silver) member keeps timer_silver_private, he has no public rate.
 *   Every minute is paid at its start at the rate in force then: a minute that starts with the
 *   camera on is a camera minute; turning the camera on or off inside a minute changes nothing for
 *   that minute (it was paid once, is not paid again, and nothing is given back); the next minute
 *   takes the new rate. Tickets, vouchers and chat minutes pay camera minutes as any other.
 * - Face ID: her camera shows her to a paying member, as a One-on-One does, so the same rule as
 *   going live applies: a valid face-ID pass (the check taken from her workspace; a chat's camera
 *   counts as live_last_verify_room_type 2, one member watching). Without it: errno 10099.
 * - The chat ending (either side, -2, -4, idle) closes her publication and his viewing at once in
 *   the process that holds them; another process's end reaches it on its next billing tick.
 */
import type { IceServerInfo } from '../live/live';

/** Client → server socket requests (after the engine's login). */
export const LiveChatCameraRoute = {
  /** She turns her camera on {chat_id, sdp: her offer} → {sdp: the SFU's answer}. */
  on: 'imLiveChat/cameraOn',
  /** She turns it off {chat_id} → {}. */
  off: 'imLiveChat/cameraOff',
  /** He receives it {chat_id} → ChatCameraWatch (the SFU's offer). */
  watch: 'imLiveChat/watchCamera',
  /** His answer {chat_id, viewer_id, sdp} → {}: the video flows. */
  answer: 'imLiveChat/answerCamera',
  /** He stops receiving it (his chat closed on screen) {chat_id, viewer_id} → {}. */
  leave: 'imLiveChat/leaveCamera',
} as const;

export const LiveChatCameraErrno = {
  /** He asked for her video while her camera is off. */
  CAMERA_OFF: 18110,
} as const;

export const LiveChatCameraText = {
  cameraOff: 'Her camera is off.',
  turnOn: 'Turn camera on',
  turnOff: 'Turn camera off',
  youAreOn: 'He sees you now.',
  herVideo: 'Her camera',
  connecting: 'Her camera is coming on…',
  failed: 'Her video could not be shown.',
  noCamera: 'Allow the camera in your browser to turn it on.',
  lost: 'Your camera connection was lost. Turn it on again.',
  /** Under her video: what a minute costs while it is on (from the next minute). */
  priced: (price: number) => `Camera on · ${price.toFixed(2)} credits a minute`,
} as const;

/** The SFU room her camera feeds in one chat. */
export const chatCameraRoom = (chatId: string) => `${chatId}:cam`;

export interface ChatCameraWatch {
  viewer_id: string;
  sdp: string;
  ice_servers: IceServerInfo[];
}
