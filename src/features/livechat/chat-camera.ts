/**
 * Her camera in a live chat, the browser's side: the live rooms' publish and receive helpers
 * (src/features/live/rtc.ts) with the signalling over the realtime socket (LiveChatCameraRoute).
 */
import { type ChatCameraWatch, LiveChatCameraRoute } from '../../../protocol/livechat/livechat-camera';
import { realtime } from '../../realtime';
import { publishCamera, receive } from '../live/rtc';

/** She turns her camera on in a chat; stop() turns it off (and tells the server). */
export async function startChatCamera(chatId: string, camera: MediaStream, onLost: () => void) {
  const pc = await publishCamera(
    camera,
    async (sdp) =>
      (await realtime.request<{ sdp: string }>(LiveChatCameraRoute.on, { chat_id: chatId, sdp })).sdp,
  );
  pc.addEventListener('connectionstatechange', () => {
    if (pc.connectionState === 'failed') onLost();
  });
  return {
    pc,
    stop() {
      pc.close();
      void realtime.request(LiveChatCameraRoute.off, { chat_id: chatId }).catch(() => undefined);
    },
  };
}

/**
 * He receives her camera in a chat; leave() closes it (and tells the server). `onLost` runs when
 * the connection fails (his network, or another window of his took the video).
 */
export async function watchChatCamera(chatId: string, onLost: () => void) {
  const offer = await realtime.request<ChatCameraWatch>(LiveChatCameraRoute.watch, { chat_id: chatId });
  const { pc, stream } = await receive(offer, (sdp) =>
    realtime.request(LiveChatCameraRoute.answer, { chat_id: chatId, viewer_id: offer.viewer_id, sdp }),
  );
  pc.addEventListener('connectionstatechange', () => {
    if (pc.connectionState === 'failed' || pc.connectionState === 'closed') onLost();
  });
  return {
    stream,
    leave() {
      pc.close();
      void realtime
        .request(LiveChatCameraRoute.leave, { chat_id: chatId, viewer_id: offer.viewer_id })
        .catch(() => undefined);
    },
  };
}
