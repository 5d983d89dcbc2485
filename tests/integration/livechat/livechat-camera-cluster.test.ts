/**
 * Her chat camera on two processes (PostgreSQL + Redis): the chat ends on the other process (her
 * End chat answered there), and the process whose SFU holds her camera stops forwarding on its
 * next billing tick; his video stops and nothing more is paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { LiveChatApi, type LiveChatSession } from '../../../protocol/livechat/livechat';
import { type ChatCameraWatch, LiveChatCameraRoute } from '../../../protocol/livechat/livechat-camera';
import { createServerPeer, type ServerPeer } from '../../../server/sfu/server-peer';
import { loadClip, playClip } from '../../../server/sfu/vp8-clip';
import { startCluster, type TestCluster, type TestSocket } from '../harness';
import { liveTestConfig } from '../live/live-support';

const clip = loadClip(new URL('../../../server/sfu/demo-live.ivf', import.meta.url).pathname);
let cluster: TestCluster;
const now = Date.now();
const sockets: TestSocket[] = [];
const peers: RTCPeerConnection[] = [];
const cameras: ServerPeer[] = [];
const stops: (() => void)[] = [];

beforeAll(async () => {
  cluster = await startCluster({ live: liveTestConfig(() => now) });
  await cluster.a.db.query(
    `UPDATE anchors SET face_verified_until = now() + interval '1 day' WHERE userid = 'A2002'`,
  );
});
afterAll(async () => {
  for (const stop of stops) stop();
  for (const camera of cameras) camera.close();
  for (const pc of peers) await pc.close();
  for (const s of sockets) s.close();
  await cluster?.close();
});

describe('her chat camera on two processes', () => {
  it('stops forwarding on the next tick when the chat ends on the other process', async () => {
    const { a, b } = cluster;
    const lady = await a.loginAs('A2002');
    const ladySocket = await a.socketFor(lady);
    const member = await a.loginAs('M1005');
    const memberSocket = await a.socketFor(member);
    sockets.push(ladySocket, memberSocket);
    const chat = await member.call<LiveChatSession>(LiveChatApi.start, { anchor_id: 'A2002' });
    const ids = { chat_id: chat.chat_id };

    // Her camera and his viewing are on process a (the embedded SFU there).
    const peer = await createServerPeer({ audio: true });
    cameras.push(peer);
    const on = await ladySocket.request(LiveChatCameraRoute.on, { ...ids, sdp: peer.offer });
    expect(on.errno).toBe(0);
    await peer.connect((on.res_data as { sdp: string }).sdp);
    stops.push(
      playClip(clip, (packets) => {
        for (const packet of packets) peer.video.writeRtp(packet);
      }),
    );
    const offer = (await memberSocket.request(LiveChatCameraRoute.watch, ids)).res_data as ChatCameraWatch;
    const pc = new RTCPeerConnection();
    peers.push(pc);
    const got = { packets: 0 };
    pc.onTrack.subscribe((track) => {
      if (track.kind === 'video') track.onReceiveRtp.subscribe(() => got.packets++);
    });
    await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
    await pc.setLocalDescription(await pc.createAnswer());
    await memberSocket.request(LiveChatCameraRoute.answer, {
      ...ids,
      viewer_id: offer.viewer_id,
      sdp: pc.localDescription?.sdp ?? '',
    });
    await expect.poll(() => got.packets, { timeout: 10_000, interval: 100 }).toBeGreaterThan(20);

    // She ends the chat through process b; process a learns it on its tick and closes the camera.
    const herOnB = await b.loginAs('A2002');
    await herOnB.call(LiveChatApi.end, ids);
    expect(await a.services.livechat.camera?.isOn(chat.chat_id)).toBe(true);
    await a.services.livechat.tick();
    expect(await a.services.livechat.camera?.isOn(chat.chat_id)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = got.packets;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(got.packets).toBe(after);
  });
});
