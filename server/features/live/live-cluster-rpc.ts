/**
 * Request/reply over the bus between product processes: a step of a room that reaches one process
 * while the Janus handle it needs is held by another is forwarded to that owner and answered there.
 * Each process listens on its own channel (`live:rpc:<process id>`); a call that gets no reply
 * within the timeout means the owner is gone (errno 10830), so the caller's seat can be closed.
 */
import { randomUUID } from 'node:crypto';
import { LiveErrno, LiveText } from '../../../protocol/live/live';
import type { Bus } from '../../bus/index';
import { ApiError } from '../../core/errors';

export const RPC_TIMEOUT_MS = 5_000;
const channelOf = (processId: string) => `live:rpc:${processId}`;

export const ownerGone = () => new ApiError(LiveErrno.SEAT_OWNER_GONE, LiveText.common);

type Handler = (args: unknown) => Promise<unknown>;

interface Request {
  kind: 'req';
  id: string;
  from: string;
  method: string;
  args: unknown;
}
interface Reply {
  kind: 'rep';
  id: string;
  ok: boolean;
  value?: unknown;
  errno?: number;
  errmsg?: string;
  data?: unknown;
}

function isRequest(m: unknown): m is Request {
  const r = m as Request | null;
  return (
    !!r &&
    r.kind === 'req' &&
    typeof r.id === 'string' &&
    typeof r.from === 'string' &&
    typeof r.method === 'string'
  );
}
function isReply(m: unknown): m is Reply {
  const r = m as Reply | null;
  return !!r && r.kind === 'rep' && typeof r.id === 'string' && typeof r.ok === 'boolean';
}

export class ClusterRpc {
  private readonly handlers = new Map<string, Handler>();
  private readonly pending = new Map<
    string,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void; timer: NodeJS.Timeout }
  >();
  private off?: () => Promise<void>;

  constructor(
    private readonly bus: Bus,
    /** This process's id: what the seat directory records as a seat's owner. */
    readonly processId: string = randomUUID(),
    private readonly timeoutMs = RPC_TIMEOUT_MS,
  ) {}

  /** A method other processes may call here. */
  serve(method: string, handler: Handler): void {
    this.handlers.set(method, handler);
  }

  async start(): Promise<void> {
    this.off = await this.bus.subscribe(channelOf(this.processId), (message) => {
      if (isReply(message)) return this.settle(message);
      if (isRequest(message)) void this.answer(message);
    });
  }

  /** Calls `method` on the owner process; ApiErrors thrown there are thrown here, as they were. */
  async call<T>(owner: string, method: string, args: unknown): Promise<T> {
    if (owner === this.processId) {
      const handler = this.handlers.get(method);
      if (!handler) throw ownerGone();
      return (await handler(args)) as T;
    }
    const id = randomUUID();
    const reply = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(ownerGone());
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
    });
    const request: Request = { kind: 'req', id, from: this.processId, method, args };
    await this.bus.publish(channelOf(owner), request);
    return (await reply) as T;
  }

  async stop(): Promise<void> {
    await this.off?.();
    this.off = undefined;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(ownerGone());
      this.pending.delete(id);
    }
  }

  private settle(reply: Reply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    clearTimeout(p.timer);
    if (reply.ok) p.resolve(reply.value);
    else
      p.reject(
        new ApiError(reply.errno ?? LiveErrno.SEAT_OWNER_GONE, reply.errmsg ?? LiveText.common, reply.data),
      );
  }

  private async answer(request: Request): Promise<void> {
    const handler = this.handlers.get(request.method);
    let reply: Reply;
    if (!handler) {
      // Not ours to answer (a restarted process under the same id would not know the seat).
      const e = ownerGone();
      reply = { kind: 'rep', id: request.id, ok: false, errno: e.errno, errmsg: e.errmsg };
    } else {
      try {
        reply = { kind: 'rep', id: request.id, ok: true, value: (await handler(request.args)) ?? null };
      } catch (error) {
        // A domain refusal travels back as itself; a fault stays here and reads as the owner failing.
        const e = error instanceof ApiError ? error : ownerGone();
        reply = { kind: 'rep', id: request.id, ok: false, errno: e.errno, errmsg: e.errmsg, data: e.data };
      }
    }
    await this.bus.publish(channelOf(request.from), reply).catch(() => {});
  }
}
