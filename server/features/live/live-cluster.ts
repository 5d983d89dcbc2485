/**
 * Live rooms on several processes with Janus (LIVE_SFU=janus and a shared bus): a seat is held by the
 * process he entered on (it owns the seat's Janus handles and timers), the seat directory
 * (live-cluster-seats.ts) says which, and a step of that seat reaching another process is
 * forwarded to its owner over the bus (live-cluster-rpc.ts) and answered there. Each process says
 * it is alive on the bus every few seconds; an owner not heard for DEAD_AFTER_MS, or not answering
 * a forwarded step, is gone: its seats leave the directory (the live rooms pause their visits, see
 * live.ts), whatever else it held ends (its hang-outs, see `hold`) and a caller hears the seat is gone.
 * One per process (server/services.ts): the live rooms and the hang-outs share its heartbeat, its
 * process id and its request channel.
 * With the embedded SFU (one process) nothing here is on: every step runs where it arrives.
 */
import { randomUUID } from 'node:crypto';
import { LiveErrno } from '../../../protocol/live/live';
import type { Bus } from '../../bus/index';
import { ApiError } from '../../core/errors';
import type { Db } from '../../storage/contract';
import { ClusterRpc } from './live-cluster-rpc';
import { type SeatDirectory, type SeatEntry, seatDirectory } from './live-cluster-seats';
import { connectionGone, type Seat } from './live-seats';

type Owner = string | undefined;

/** Something besides seats a process holds (its hang-outs): who holds some now, and their end when one is gone. */
export interface Holdings {
  owners(): Promise<string[]>;
  ownerGone(owner: string): Promise<void>;
}

/** How often a process says it is alive, and how long unheard until its seats count as gone. */
export const HEARTBEAT_MS = 5_000;
export const DEAD_AFTER_MS = 20_000;
const ALIVE_CHANNEL = 'live:alive';

export class LiveCluster {
  /** This process, as the directory names a seat's owner. */
  readonly processId = randomUUID();
  /** Only in cluster mode: the directory, and the steps other processes may run here. */
  readonly directory?: SeatDirectory;
  private rpc?: ClusterRpc;
  private readonly steps = new Map<string, (args: unknown[]) => Promise<unknown>>();
  /** Directory writes, in order (a seat's removal never overtakes its insertion). */
  private writes: Promise<void> = Promise.resolve();
  /** When each other process was last heard (a process unheard since we started counts from then). */
  private readonly heard = new Map<string, number>();
  private startedAt = Date.now();
  /** Seats of a gone process were taken out of the directory here (set by the live rooms only). */
  onOwnerGone?: (seats: SeatEntry[]) => Promise<void>;
  private readonly holdings: Holdings[] = [];
  /** Stops the heartbeat and the request channel (set while started). */
  private stopping?: () => Promise<void>;

  constructor(
    db: Db,
    on: boolean,
    private readonly timing = { heartbeatMs: HEARTBEAT_MS, deadAfterMs: DEAD_AFTER_MS },
  ) {
    if (on) this.directory = seatDirectory(db);
  }

  /** What else the processes hold, ended with a gone process (hang-outs). */
  hold(holdings: Holdings): void {
    this.holdings.push(holdings);
  }

  /**
   * Says it is alive and listens for forwarded steps (every step registered by then); the returned
   * function stops both.
   */
  async start(bus: Bus): Promise<() => Promise<void>> {
    if (!this.directory) return async () => {};
    const rpc = new ClusterRpc(bus, this.processId);
    for (const [name, run] of this.steps) rpc.serve(name, (args) => run(args as unknown[]));
    await rpc.start();
    this.rpc = rpc;
    this.startedAt = Date.now();
    const offAlive = await bus.subscribe(ALIVE_CHANNEL, (message) => {
      const from = (message as { processId?: unknown } | null)?.processId;
      if (typeof from === 'string') this.heard.set(from, Date.now());
    });
    const beat = setInterval(() => {
      void bus.publish(ALIVE_CHANNEL, { processId: this.processId }).catch(() => {});
      void this.sweep().catch(() => {});
    }, this.timing.heartbeatMs);
    beat.unref();
    this.stopping = async () => {
      clearInterval(beat);
      await offAlive();
      await rpc.stop();
    };
    return () => this.stop();
  }

  /** Falls silent: no heartbeat, no forwarded step answered (what a crashed process looks like). */
  async stop(): Promise<void> {
    const stopping = this.stopping;
    this.stopping = undefined;
    this.rpc = undefined;
    await stopping?.();
  }

  /** Takes the seats of every process not heard for too long out of the directory; their ids. */
  async sweep(): Promise<string[]> {
    if (!this.directory) return [];
    const now = Date.now();
    const owners = new Set(await this.directory.owners());
    for (const holdings of this.holdings) for (const owner of await holdings.owners()) owners.add(owner);
    const gone = [...owners].filter(
      (owner) =>
        owner !== this.processId && now - (this.heard.get(owner) ?? this.startedAt) > this.timing.deadAfterMs,
    );
    for (const owner of gone) await this.ownerGone(owner);
    return gone;
  }

  /**
   * Its seats leave the directory and the live rooms are told; its hang-outs end. Each is taken by
   * one process only, however many find the owner gone.
   */
  private async ownerGone(owner: string): Promise<void> {
    const seats = (await this.directory?.removeOwner(owner).catch(() => [])) ?? [];
    if (seats.length > 0) await this.onOwnerGone?.(seats).catch(() => {});
    for (const holdings of this.holdings) await holdings.ownerGone(owner).catch(() => {});
  }

  /**
   * A step of a seat: `ownerOf` (from the step's first two arguments, its keys) names the process
   * holding it (undefined: here, or nobody, and the step's own lookup answers). Runs `here` there.
   * `hereIfGone`: when that process is gone the step runs here instead (a new seat for his reload).
   */
  step<A extends unknown[], R>(
    name: string,
    ownerOf: (first: NoInfer<A>[0], second: NoInfer<A>[1]) => Promise<Owner>,
    here: (...args: A) => Promise<R>,
    hereIfGone = false,
  ): (...args: A) => Promise<R> {
    this.steps.set(name, (args) => here(...(args as A)));
    return async (...args: A) => {
      const rpc = this.rpc;
      const owner = rpc ? await ownerOf(args[0], args[1]) : undefined;
      if (!rpc || !owner || owner === this.processId) return here(...args);
      try {
        return await rpc.call<R>(owner, name, args);
      } catch (error) {
        if (!(error instanceof ApiError) || error.errno !== LiveErrno.SEAT_OWNER_GONE) throw error;
        // Its process is gone: so are its seats (their Janus handles went with it).
        await this.ownerGone(owner);
        if (hereIfGone) return here(...args);
        throw connectionGone();
      }
    };
  }

  /** The owner of a seat not held here (undefined when `local`). */
  async ofViewer(local: boolean, viewerId: string): Promise<Owner> {
    if (local || !this.directory) return undefined;
    return (await this.directory.find(viewerId))?.owner;
  }

  /** The owner of her One-on-One `roomId`'s seat when it is not held here. */
  async ofRoom(local: boolean, anchorId: string, roomId: string): Promise<Owner> {
    if (local || !this.directory) return undefined;
    const seats = await this.directory.inRoom(roomId);
    return seats.find((s) => s.anchorId === anchorId && s.oneOnOne)?.owner;
  }

  /** The owner of the One-on-One her view of his camera (`viewerId`) belongs to. */
  async ofCameraView(local: boolean, viewerId: string): Promise<Owner> {
    if (local || !this.directory) return undefined;
    return (await this.directory.byCameraView(viewerId))?.owner;
  }

  /** The owner of her One-on-One (her resume after a reload). */
  async ofHer(local: boolean, anchorId: string): Promise<Owner> {
    if (local || !this.directory) return undefined;
    return (await this.directory.oneOnOneOf(anchorId))?.owner;
  }

  /** The owner of his seat in one of her rooms held elsewhere: his reload resumes it there. */
  async ofHis(local: boolean, memberId: string, anchorId: string): Promise<Owner> {
    if (local || !this.directory) return undefined;
    return (await this.directory.ofMember(memberId)).find((s) => s.anchorId === anchorId)?.owner;
  }

  /** His seats held by other processes (one room at a time holds across processes too). */
  async elsewhere(memberId: string): Promise<SeatEntry[]> {
    if (!this.directory) return [];
    return (await this.directory.ofMember(memberId)).filter((s) => s.owner !== this.processId);
  }

  /** The members seated in a room on every process (a premium room's cap counts them). */
  async membersIn(roomId: string): Promise<string[] | undefined> {
    if (!this.directory) return undefined;
    await this.writes;
    return (await this.directory.inRoom(roomId)).map((s) => s.memberId);
  }

  placed(seat: Seat): void {
    const directory = this.directory;
    if (!directory) return;
    this.write(() =>
      directory.put({
        viewerId: seat.viewerId,
        sessionId: seat.sessionId,
        memberId: seat.userid,
        anchorId: seat.anchorId,
        roomId: seat.roomId,
        oneOnOne: seat.oneOnOne,
        owner: this.processId,
        cameraViewId: null,
      }),
    );
  }

  gone(viewerId: string): void {
    const directory = this.directory;
    if (directory) this.write(() => directory.remove(viewerId));
  }

  /** Her connection watching his camera in the One-on-One of `seat` (null: none now). */
  cameraView(seat: Seat, viewerId: string | null): void {
    const directory = this.directory;
    if (directory) this.write(() => directory.setCameraView(seat.viewerId, viewerId));
  }

  /** Every directory write so far is done (before a caller may look the seat up elsewhere). */
  settled(): Promise<void> {
    return this.writes;
  }

  /** The process stops: none of its seats stays listed. */
  async close(): Promise<void> {
    await this.stop();
    await this.writes;
    await this.directory?.removeOwner(this.processId).catch(() => {});
  }

  private write(work: () => Promise<unknown>) {
    this.writes = this.writes.then(work).then(
      () => {},
      () => {},
    );
  }
}
