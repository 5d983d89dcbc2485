import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBus } from '../../bus/index';
import type { Db } from '../../storage/contract';
import { openDatabase } from '../../storage/open';
import { LiveCluster } from './live-cluster';
import type { SeatEntry } from './live-cluster-seats';
import type { Seat } from './live-seats';

// Two processes on one bus and one database: a step reaching the one not holding the seat runs on
// its owner, and the seats of a process that went silent are released (the cap, her resume and
// his next entry stop finding them), each handed once to the live rooms to pause the visit, and
// its hang-outs end.
describe('live cluster', () => {
  let dir: string;
  let db: Db;
  const bus = new LocalBus();
  const timing = { heartbeatMs: 50, deadAfterMs: 300 };
  let x: LiveCluster;
  let y: LiveCluster;
  const stops: (() => Promise<void>)[] = [];
  const released: SeatEntry[] = [];
  /** Hang-outs held by a process that never heartbeats, and the owners each process ended. */
  const hangoutOwners = new Set(['dead-hangout-process']);
  const endedHangouts: string[] = [];
  const steps = new Map<LiveCluster, (userid: string, viewerId: string) => Promise<string>>();
  const seatOf = (viewerId: string, userid: string): Seat => ({
    viewerId,
    sessionId: `LS-${viewerId}`,
    userid,
    nickname: userid,
    photourl: '',
    roomId: 'PV-1',
    anchorId: 'A1',
    roomType: 2,
    rate: 30,
    prepaidMinutes: 0,
    voucher: false,
    oneOnOne: true,
    answered: false,
    billed: false,
  });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'glimmer-cluster-'));
    db = await openDatabase({ dataDir: dir });
    x = new LiveCluster(db, true, timing);
    y = new LiveCluster(db, true, timing);
    for (const process of [x, y]) {
      // Both sweep: a gone process's seats are still handed over once.
      process.onOwnerGone = async (seats) => {
        released.push(...seats);
      };
      // Its hang-outs are looked at too (no seat of it listed), and ended once.
      process.hold({
        owners: async () => [...hangoutOwners],
        ownerGone: async (owner) => {
          if (hangoutOwners.delete(owner)) endedHangouts.push(owner);
        },
      });
      // The same step on each process answers with where it ran.
      const step = process.step(
        'where',
        (_u: string, v: string) => process.ofViewer(false, v),
        async (_u: string, _v: string) => process.processId,
      );
      steps.set(process, step);
    }
    stops.push(await x.start(bus), await y.start(bus));
    // Every migration runs on a fresh PGlite first: slow on a busy machine.
  }, 60_000);
  afterAll(async () => {
    for (const stop of stops) await stop();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  const where = (process: LiveCluster, viewerId: string) => steps.get(process)?.('M1', viewerId);

  it("runs a seat's step on the process holding it, whichever process it reaches", async () => {
    y.placed(seatOf('v-y', 'M1'));
    await y.settled();
    expect(await where(x, 'v-y')).toBe(y.processId);
    expect(await where(y, 'v-y')).toBe(y.processId);
    expect(await x.membersIn('PV-1')).toEqual(['M1']);
  });

  it('releases the seats of a process not heard for too long, once, and keeps a living one', async () => {
    await db.query(
      `INSERT INTO live_seats (viewer_id, session_id, member_id, anchor_id, room_id, one_on_one, owner)
       VALUES ('v-dead', 'LS-dead', 'M2', 'A1', 'PV-2', true, 'dead-process')`,
    );
    await expect.poll(() => released.map((s) => s.viewerId), { timeout: 5_000 }).toEqual(['v-dead']);
    expect(released[0]).toMatchObject({ sessionId: 'LS-dead', memberId: 'M2', roomId: 'PV-2' });
    expect(await x.membersIn('PV-2')).toEqual([]);
    // The living process's seat stays listed past the same time; its owner still answers.
    await new Promise((resolve) => setTimeout(resolve, timing.deadAfterMs + 100));
    expect(await x.membersIn('PV-1')).toEqual(['M1']);
    expect(await where(x, 'v-y')).toBe(y.processId);
    expect(released).toHaveLength(1);
  });

  it('ends the hang-outs of a process not heard for too long, though it holds no seat', async () => {
    await expect.poll(() => endedHangouts, { timeout: 5_000 }).toEqual(['dead-hangout-process']);
  });
});
