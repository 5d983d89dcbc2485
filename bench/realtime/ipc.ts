/**
 * Messages between the bench's parent (run.ts) and its children: the two servers and the client
 * workers. Every child is a forked Node process, so these travel over the IPC channel.
 */

/**
 * Milliseconds on CLOCK_MONOTONIC, which every process of the machine shares, so a send noted in
 * one process and a receipt noted in another compare directly (performance.timeOrigin does not:
 * each process fixes its own at start).
 */
export function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** The route of the bare server's 100-byte messages. */
export const BARE_ROUTE = 'bench/notice';

/** One invitation or message sent: to whom, and when. */
export type SendLog = [key: string, at: number][];

/** How a server is driven: HTTP calls from the parent, or a loop inside the server's process. */
export type DriveMode = 'http' | 'bus';

/** What a server child says once it listens. */
export interface ServerReady {
  type: 'ready';
  port: number;
  /** One entry per socket: the key the sender targets and the token it logs in with. */
  members: { key: string; token: string }[];
  /** Session cookies of broadcasters allowed to invite (Glimmer only). */
  cookies: string[];
  /** Whether the real HTTP invitation route exists in this build. */
  inviteRoute: boolean;
}

export interface MemoryReport {
  type: 'memory';
  heapUsed: number;
  /** Logged-in sockets the server holds, as it counts them. */
  sockets: number;
}

export interface DriveDone {
  type: 'driven';
  log: SendLog;
}

/** BENCH_TRACE=1: when each invitation reached the service and when its event went on the bus (committed). */
export interface TraceReport {
  type: 'trace';
  handled: SendLog;
  delivered: SendLog;
}

/** The counted window's garbage collections (gc-window.ts), sent when the window closes. */
export interface GcReport {
  type: 'gc';
  scavenges: number;
  markCompacts: number;
  /** Time the collections paused the main thread, in ms (concurrent marking is not in it). */
  pauseMs: number;
}

export type ServerCommand =
  | { cmd: 'memory' }
  | { cmd: 'trace' }
  | { cmd: 'drive'; keys: string[]; rate: number }
  /** The counted window opens (on) or closes (off): diagnoses that cover only it start or stop. */
  | { cmd: 'window'; on: boolean }
  | { cmd: 'stop' };

export type ServerMessage = ServerReady | MemoryReport | DriveDone | TraceReport | GcReport;

export interface ClientOpen {
  cmd: 'open';
  url: string;
  kind: 'glimmer' | 'bare';
  members: { key: string; token: string }[];
  heartbeatMs: number;
}

export type ClientCommand = ClientOpen | { cmd: 'receipts' } | { cmd: 'close' };

export type ClientMessage =
  | { type: 'opened'; ok: number; failed: number; firstError?: string }
  | { type: 'receipts'; receipts: [key: string, at: number[]][] }
  | { type: 'closed' };
