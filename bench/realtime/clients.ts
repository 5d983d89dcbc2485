/** The client side: a few worker processes that share the sockets, so one core is not the limit. */
import type { ChildProcess } from 'node:child_process';
import type { ClientMessage, ServerReady } from './ipc';
import { forkChild, nextMessage } from './servers';

type Opened = Extract<ClientMessage, { type: 'opened' }>;
type Receipts = Extract<ClientMessage, { type: 'receipts' }>;

export class ClientPool {
  private readonly workers: ChildProcess[];

  constructor(count: number) {
    this.workers = Array.from({ length: count }, () => forkChild('./client.ts', []));
  }

  /** Opens and logs in one socket per member, spread over the workers; resolves when all tried. */
  async open(
    url: string,
    kind: 'glimmer' | 'bare',
    members: ServerReady['members'],
    heartbeatMs: number,
    timeoutMs: number,
  ): Promise<Opened> {
    const n = this.workers.length;
    const replies = this.workers.map((worker, w) => {
      const reply = nextMessage<Opened>(worker, 'opened', timeoutMs);
      worker.send({ cmd: 'open', url, kind, members: members.filter((_, i) => i % n === w), heartbeatMs });
      return reply;
    });
    const all = await Promise.all(replies);
    return {
      type: 'opened',
      ok: all.reduce((s, r) => s + r.ok, 0),
      failed: all.reduce((s, r) => s + r.failed, 0),
      firstError: all.find((r) => r.firstError)?.firstError,
    };
  }

  /** The workers' process ids (their CPU counts as the load generator's). */
  pids(): number[] {
    return this.workers.flatMap((worker) => (worker.pid === undefined ? [] : [worker.pid]));
  }

  /** When each measured event arrived, by member key. */
  async receipts(): Promise<Map<string, number[]>> {
    const replies = this.workers.map((worker) => {
      const reply = nextMessage<Receipts>(worker, 'receipts', 30_000);
      worker.send({ cmd: 'receipts' });
      return reply;
    });
    return new Map((await Promise.all(replies)).flatMap((r) => r.receipts));
  }

  /** Closes every socket and ends the workers. */
  async close(): Promise<void> {
    await Promise.all(
      this.workers.map(async (worker) => {
        if (worker.exitCode !== null) return;
        const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
        const killer = setTimeout(() => worker.kill('SIGKILL'), 30_000);
        if (worker.connected) worker.send({ cmd: 'close' });
        else worker.kill('SIGTERM');
        await exited;
        clearTimeout(killer);
      }),
    );
  }
}
