/** What the live-room tests share: the live configuration with a hand-moved clock, and balances. */
import { RTCPeerConnection } from 'werift';
import { LiveApi, ROOM_TYPE_PREMIUM, type WatchAnswer } from '../../../protocol/live/live';
import { loadConfig } from '../../../server/config';
import type { Client, TestServer } from '../harness';

/**
 * Demo streams on, billing ticked by hand (`tick()`), the billing clock read from `now`, and a
 * short grace for a visit whose connection went.
 */
export function liveTestConfig(now: () => number) {
  return { ...loadConfig({}).live, demoStreams: true, tickMs: 600_000, now, resumeGraceMs: 300 };
}

/** His credit in hundredths, straight from the database. */
export async function creditOf(server: TestServer, userid: string): Promise<number> {
  const [row] = await server.db.query<{ credit: unknown }>('SELECT credit FROM members WHERE userid = $1', [
    userid,
  ]);
  return Number(row?.credit);
}

/** More members than the demo has: copies of M1001 (same password), each with 10.00 credits. */
export async function membersLikeM1001(server: TestServer, ids: string[]) {
  for (const id of ids) {
    await server.db.query(
      `INSERT INTO users (userid, role, nickname, password_hash, photourl)
       SELECT $1, role, nickname, password_hash, photourl FROM users WHERE userid = 'M1001'`,
      [id],
    );
    await server.db.query(
      `INSERT INTO members (userid, credit, priv) SELECT $1, 1000, priv FROM members WHERE userid = 'M1001'`,
      [id],
    );
  }
}

/** A live broadcaster whose public room is premium (paid by the minute, PREMIUM_ROOM_VIEWERS seats). */
export async function premiumAnchor(server: TestServer): Promise<string> {
  const [row] = await server.db.query<{ userid: string }>(
    `SELECT userid FROM anchors WHERE state = 'live' AND room_type = $1 ORDER BY userid LIMIT 1`,
    [ROOM_TYPE_PREMIUM],
  );
  if (!row) throw new Error('no premium room in the demo data');
  return row.userid;
}

/** The same signed-in member on another server (one session: a second login would end the first). */
export function sameSession(member: Client, on: TestServer): Client {
  const client = on.client();
  for (const [name, value] of member.cookies) client.cookies.set(name, value);
  return client;
}

/**
 * Opens a room as a browser window does: the server's offer answered by a real peer. Answers the
 * errno of the first call that failed (0 when in) and the viewer id.
 */
export async function openWindow(
  member: Client,
  fields: Record<string, string>,
  peers: RTCPeerConnection[],
): Promise<{ errno: number; viewerId: string }> {
  const watched = await member.form<WatchAnswer>(LiveApi.watch, fields);
  const offer = watched.body.data;
  if (watched.body.errno !== 0 || !offer) return { errno: watched.body.errno, viewerId: '' };
  const pc = new RTCPeerConnection();
  peers.push(pc);
  await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
  await pc.setLocalDescription(await pc.createAnswer());
  const answered = await member.form(LiveApi.answer, {
    viewer_id: offer.viewer_id,
    sdp: pc.localDescription?.sdp ?? '',
  });
  return { errno: answered.body.errno, viewerId: offer.viewer_id };
}

/** `count` windows opened `gapMs` apart, not waiting for each other, through the given clients in turn. */
export function manyWindows(
  clients: Client[],
  fields: Record<string, string>,
  count: number,
  gapMs: number,
  peers: RTCPeerConnection[],
) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * gapMs));
      return openWindow(clients[i % clients.length] as Client, fields, peers);
    }),
  );
}

/** His open billing sessions in a room, and every minute charged to him there. */
export async function billsOf(server: TestServer, userid: string, roomId: string) {
  const [open] = await server.db.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM live_sessions WHERE member_id = $1 AND room_id = $2 AND ended_at IS NULL',
    [userid, roomId],
  );
  const [charged] = await server.db.query<{ n: unknown }>(
    `SELECT count(*) AS n FROM ledger g JOIN live_sessions s ON s.session_id = g.ref
      WHERE g.reason = 'live_minute' AND s.member_id = $1 AND s.room_id = $2`,
    [userid, roomId],
  );
  return { open: Number(open?.n), charged: Number(charged?.n) };
}
