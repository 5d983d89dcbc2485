/**
 * What the live, hang-out and booking tests need of a browser: real WebRTC peers (werift) that
 * answer the server's offer of a room's media or offer a camera, and signed-in clients with a
 * socket. Everything opened here is closed by `close()` in the file's afterAll.
 */
import { MediaStreamTrack, RTCPeerConnection } from 'werift';
import type { TestServer, TestSocket } from './harness';

export function rtcPeers() {
  const peers: RTCPeerConnection[] = [];
  const sockets: TestSocket[] = [];
  const peer = () => {
    const pc = new RTCPeerConnection();
    peers.push(pc);
    return pc;
  };
  return {
    /** Answers the server's offer of a room's media, as a browser would. */
    async answerOffer(offer: string): Promise<string> {
      const pc = peer();
      await pc.setRemoteDescription({ type: 'offer', sdp: offer });
      await pc.setLocalDescription(await pc.createAnswer());
      return pc.localDescription?.sdp ?? '';
    },
    /** A camera's offer (video only is enough for the SFU), and a way to take the server's answer. */
    async cameraOffer() {
      const pc = peer();
      pc.addTransceiver(new MediaStreamTrack({ kind: 'video' }), { direction: 'sendonly' });
      await pc.setLocalDescription(await pc.createOffer());
      return {
        pc,
        sdp: pc.localDescription?.sdp ?? '',
        take: (answer: string) => pc.setRemoteDescription({ type: 'answer', sdp: answer }),
      };
    },
    /** A signed-in client of `userid` on `server`, with its socket. */
    async withSocket(server: TestServer, userid: string) {
      const client = await server.loginAs(userid);
      const socket = await server.socketFor(client);
      sockets.push(socket);
      return { client, socket };
    },
    async close() {
      for (const s of sockets.splice(0)) s.close();
      for (const pc of peers.splice(0)) await pc.close();
    },
  };
}
