/** Forked children (servers and client workers), their IPC replies, and their resident memory. */
import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export function forkChild(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  nodeFlags: readonly string[] = [],
): ChildProcess {
  return fork(fileURLToPath(new URL(file, import.meta.url)), args, {
    // --expose-gc lets a server collect before its memory is read; nothing else changes.
    // BENCH_NODE_FLAGS adds flags for a diagnosis (e.g. --trace-gc).
    execArgv: [
      '--expose-gc',
      '--import',
      'tsx',
      ...nodeFlags,
      ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The next IPC message of `type` from a child; fails if the child exits or time runs out. */
export function nextMessage<T extends { type: string }>(
  child: ChildProcess,
  type: T['type'],
  timeoutMs: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (message: { type?: string }) => {
      if (message?.type !== type) return;
      done();
      resolve(message as T);
    };
    const onExit = (code: number | null) => {
      done();
      reject(new Error(`child ${child.pid} exited (${code}) while waiting for '${type}'`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`no '${type}' from child ${child.pid} within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** VmRSS of a process in KiB, from /proc/<pid>/status. */
export function vmRssKiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? Number.NaN);
}

/**
 * CPU time (user + system) from /proc/<pid>/stat, in ms (clock ticks of 10 ms): the process's own,
 * and that of its children that have ended and been waited for (cutime + cstime).
 */
function statCpuMs(pid: number): { own: number; reaped: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th,
  // cutime and cstime the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    own: (Number(fields[11]) + Number(fields[12])) * 10,
    reaped: (Number(fields[13]) + Number(fields[14])) * 10,
  };
}

/** CPU time (user + system) a process has used, in ms. */
export function cpuMs(pid: number): number {
  return statCpuMs(pid).own;
}

/** Asks a child to stop, then kills it (by its pid) if it has not gone within `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.send({ cmd: 'stop' });
  else child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(timer);
}

/** CPU time the whole machine has been busy (every process and the kernel), in ms, from /proc/stat. */
export function machineBusyMs(): number {
  const first = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal ...: busy is all but idle, iowait and steal.
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = first.split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq) * 10;
}

/** The CPU each process named `comm` has used (PostgreSQL's are all 'postgres'), by pid: its own and its ended children's. */
export type CommandCpu = Map<number, { own: number; reaped: number }>;

export function commandCpu(comm: string): CommandCpu {
  const byPid: CommandCpu = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== comm) continue;
      byPid.set(Number(pid), statCpuMs(Number(pid)));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return byPid;
}

/**
 * Their CPU between two readings, in ms. A PostgreSQL backend that ended in between (its connection
 * closed) is gone from the second: its whole time went to the postmaster's ended children, so what
 * it had used before the first reading comes off again (a plain sum of the living read below zero).
 */
export function commandCpuMsBetween(before: CommandCpu, after: CommandCpu): number {
  let ms = 0;
  for (const [pid, a] of after) {
    const b = before.get(pid);
    ms += a.own - (b?.own ?? 0) + a.reaped - (b?.reaped ?? 0);
  }
  for (const [pid, b] of before) if (!after.has(pid)) ms -= b.own;
  return ms;
}

/** The soft limit on open files of this process (children inherit it). */
export function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  return Number(line?.split(/\s{2,}/)[1] ?? Number.NaN);
}

/** Descriptors a process has open now, from /proc/<pid>/fd. */
export function openFds(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/**
 * PostgreSQL's processes that work for one database: the backends connected to it now (the
 * server's pool, open by then) and the writers every commit keeps busy.
 */
export async function databasePids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
       WHERE (datname = current_database() AND pid <> pg_backend_pid())
          OR backend_type IN ('walwriter', 'checkpointer', 'background writer')`,
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** Transactions committed in the database so far (its statistics lag by up to a second). */
export async function databaseCommits(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ commits: string }>(
      'SELECT xact_commit AS commits FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0]?.commits ?? Number.NaN);
  } finally {
    await client.end();
  }
}
