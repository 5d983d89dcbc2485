import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../storage/contract';
import { openDatabase } from '../../storage/open';
import { type SeatDirectory, seatDirectory } from './live-cluster-seats';

// The directory is what lets process B find the seat process A holds (migration 051).
describe('seat directory', () => {
  let dir: string;
  let db: Db;
  let seats: SeatDirectory;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'glimmer-seats-'));
    db = await openDatabase({ dataDir: dir });
    seats = seatDirectory(db);
    // Every migration runs on a fresh PGlite first: slow on a busy machine.
  }, 60_000);
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  const entry = (viewerId: string, owner: string, roomId = 'PUB-A1') => ({
    viewerId,
    sessionId: `s-${viewerId}`,
    memberId: `M-${viewerId}`,
    anchorId: 'A1',
    roomId,
    oneOnOne: false,
    owner,
    cameraViewId: null,
  });

  it('finds a seat by viewer, room and session whichever process put it', async () => {
    await seats.put(entry('v1', 'A'));
    await seats.put(entry('v2', 'B'));
    expect((await seats.find('v1'))?.owner).toBe('A');
    expect((await seats.inRoom('PUB-A1')).map((s) => s.owner).sort()).toEqual(['A', 'B']);
    expect((await seats.ofSession('s-v2')).map((s) => s.viewerId)).toEqual(['v2']);
  });

  it('records her camera view and moves a resumed seat to its new owner', async () => {
    await seats.setCameraView('v1', 'cam-1');
    expect((await seats.find('v1'))?.cameraViewId).toBe('cam-1');
    await seats.put({ ...entry('v1', 'B'), cameraViewId: null });
    expect((await seats.find('v1'))?.owner).toBe('B');
  });

  it('finds her One-on-One and the seat her view of his camera belongs to', async () => {
    await seats.put({ ...entry('v9', 'A', 'PV9'), anchorId: 'A9', oneOnOne: true });
    await seats.setCameraView('v9', 'cam-9');
    expect((await seats.oneOnOneOf('A9'))?.owner).toBe('A');
    expect((await seats.byCameraView('cam-9'))?.viewerId).toBe('v9');
    expect(await seats.oneOnOneOf('A1')).toBeUndefined();
    expect((await seats.ofMember('M-v9')).map((s) => s.roomId)).toEqual(['PV9']);
  });

  it('removes a closed seat and every seat of a gone owner', async () => {
    await seats.put(entry('v3', 'C'));
    await seats.remove('v2');
    expect(await seats.find('v2')).toBeUndefined();
    expect(await seats.owners()).toEqual(expect.arrayContaining(['A', 'B', 'C']));
    expect((await seats.removeOwner('B')).map((s) => s.viewerId)).toEqual(['v1']);
    expect(await seats.inRoom('PUB-A1')).toEqual([expect.objectContaining({ viewerId: 'v3' })]);
  });
});
