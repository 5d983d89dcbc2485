import { afterEach, describe, expect, it } from 'vitest';
import { LiveErrno } from '../../../protocol/live/live';
import { LocalBus } from '../../bus/index';
import { ApiError } from '../../core/errors';
import { ClusterRpc } from './live-cluster-rpc';

// Two "processes" on one bus: a step reaching A is answered by B, which holds the handle.
describe('ClusterRpc', () => {
  const started: ClusterRpc[] = [];
  afterEach(async () => {
    for (const rpc of started.splice(0)) await rpc.stop();
  });
  async function process(bus: LocalBus, id: string, timeoutMs = 200) {
    const rpc = new ClusterRpc(bus, id, timeoutMs);
    await rpc.start();
    started.push(rpc);
    return rpc;
  }

  it('forwards a call to the owner and returns its answer', async () => {
    const bus = new LocalBus();
    const a = await process(bus, 'A');
    const b = await process(bus, 'B');
    b.serve('answer', async (args) => ({ echoed: args, on: 'B' }));
    expect(await a.call('B', 'answer', { sdp: 'x' })).toEqual({ echoed: { sdp: 'x' }, on: 'B' });
  });

  it('brings back the owner refusal with its errno and data', async () => {
    const bus = new LocalBus();
    const a = await process(bus, 'A');
    const b = await process(bus, 'B');
    b.serve('join', async () => {
      throw new ApiError(LiveErrno.ROOM_FULL, 'full', { room: 'r' });
    });
    const error = await a.call('B', 'join', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errno).toBe(LiveErrno.ROOM_FULL);
    expect((error as ApiError).data).toEqual({ room: 'r' });
  });

  it('answers 10830 when the owner is gone, within the timeout', async () => {
    const bus = new LocalBus();
    const a = await process(bus, 'A', 100);
    const b = await process(bus, 'B');
    b.serve('answer', async () => 'late');
    await b.stop();
    const t0 = Date.now();
    const error = await a.call('B', 'answer', {}).catch((e: unknown) => e);
    expect((error as ApiError).errno).toBe(LiveErrno.SEAT_OWNER_GONE);
    expect(Date.now() - t0).toBeLessThan(1_000);
  });

  it('calls its own handler without the bus, and 10830 for an unknown method', async () => {
    const bus = new LocalBus();
    const a = await process(bus, 'A');
    a.serve('here', async () => 1);
    expect(await a.call('A', 'here', {})).toBe(1);
    const b = await process(bus, 'B');
    const error = await a.call('B', 'nothing', {}).catch((e: unknown) => e);
    expect((error as ApiError).errno).toBe(LiveErrno.SEAT_OWNER_GONE);
    expect(b.processId).toBe('B');
  });
});
