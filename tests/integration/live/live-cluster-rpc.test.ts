/**
 * The live rooms' request/reply between processes over real Redis pub/sub (two connections, as two
 * product processes would hold): a step forwarded to the seat's owner is answered there, and a gone
 * owner answers 10830 within the timeout. Redis at REDIS_URL, or the local one (as cluster.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LiveErrno } from '../../../protocol/live/live';
import { RedisBus } from '../../../server/bus/index';
import type { ApiError } from '../../../server/core/errors';
import { ClusterRpc } from '../../../server/features/live/live-cluster-rpc';
import { DEFAULT_REDIS_URL } from '../harness';

const url = process.env.REDIS_URL || DEFAULT_REDIS_URL;
const prefix = `test-rpc-${randomBytes(4).toString('hex')}:`;
let busA: RedisBus;
let busB: RedisBus;
let a: ClusterRpc;
let b: ClusterRpc;

beforeAll(async () => {
  busA = await RedisBus.open(url, prefix);
  busB = await RedisBus.open(url, prefix);
  a = new ClusterRpc(busA, 'A', 500);
  b = new ClusterRpc(busB, 'B', 500);
  await a.start();
  await b.start();
});

afterAll(async () => {
  await a.stop();
  await b.stop();
  await busA.close();
  await busB.close();
});

it('forwards a step from process A to the owner B and back', async () => {
  b.serve('answer', async (args) => ({ sdp: `answered ${(args as { viewer: string }).viewer}` }));
  expect(await a.call('B', 'answer', { viewer: 'v1' })).toEqual({ sdp: 'answered v1' });
});

it('answers 10830 when the owner process is gone', async () => {
  await b.stop();
  const error = (await a.call('B', 'answer', { viewer: 'v1' }).catch((e: unknown) => e)) as ApiError;
  expect(error.errno).toBe(LiveErrno.SEAT_OWNER_GONE);
});
