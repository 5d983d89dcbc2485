/**
 * Encryption of push messages off the main thread. Each message needs a fresh ECDH key pair and
 * shared secret (RFC 8291), which is most of a send's CPU; a few worker threads do it while the
 * main thread does the database and HTTPS. Jobs go in batches of at most ENCRYPT_BATCH (gathered
 * over one turn of the event loop per worker) and come back in one transferred buffer per batch:
 * a burst of thousands becomes a stream, so the main thread posts the first messages while the
 * worker still encrypts the rest, instead of the two taking turns. If a worker fails, the pool
 * falls back to encrypting in-thread.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import webpush from 'web-push';
import { InFlight } from '../server/core/in-flight';

export interface EncryptJob {
  p256dh: string;
  auth: string;
  payload: string;
}

export type Encrypt = (job: EncryptJob) => Promise<Buffer>;

/** RFC 8291 aes128gcm through `web-push` (a fresh ephemeral key and salt for every message). */
export const encryptInline: Encrypt = async (job) =>
  webpush.encrypt(job.p256dh, job.auth, job.payload, 'aes128gcm').cipherText;

interface Pending {
  job: EncryptJob;
  resolve(body: Buffer): void;
  reject(error: Error): void;
}

interface Lane {
  worker: Worker;
  pending: InFlight<Pending>;
  batch: (EncryptJob & { id: number })[];
  scheduled: boolean;
}

/** A batch's bodies, back to back in one transferred buffer; `ends[i]` is where ids[i]'s ends. */
interface Answer {
  ids: number[];
  ends: number[];
  buffer: ArrayBuffer;
  errors: { id: number; error: string }[];
}

/**
 * Jobs per message to a worker: small enough that the first answers come back within a few ms of
 * a burst (the main thread has sends to start meanwhile), large enough that postMessage is cheap.
 */
export const ENCRYPT_BATCH = 32;

/** Threads to use by default: all cores but one (the main thread's), at most 4, none on one core. */
export function defaultEncryptThreads(): number {
  return Math.min(4, Math.max(0, availableParallelism() - 1));
}

export class EncryptPool {
  private readonly lanes: Lane[] = [];
  private nextId = 0;
  private broken = false;

  /** Workers start on the first message, so a server that never pushes never starts them. */
  constructor(
    private readonly size: number,
    private readonly onError?: (error: Error) => void,
    /** Jobs per message (the bench's A/B sets Infinity: a whole burst in one message). */
    private readonly batchSize = ENCRYPT_BATCH,
  ) {}

  private lane(): Lane {
    const worker = new Worker(new URL('./encrypt-worker.mjs', import.meta.url));
    const lane: Lane = { worker, pending: new InFlight<Pending>(), batch: [], scheduled: false };
    worker.unref();
    worker.on('message', ({ ids, ends, buffer, errors }: Answer) => {
      let start = 0;
      for (const [i, id] of ids.entries()) {
        const end = ends[i] as number;
        const p = lane.pending.get(id);
        lane.pending.delete(id);
        p?.resolve(Buffer.from(buffer, start, end - start));
        start = end;
      }
      for (const { id, error } of errors) {
        const p = lane.pending.get(id);
        lane.pending.delete(id);
        p?.reject(new Error(error));
      }
    });
    worker.on('error', (error) => this.fail(lane, error));
    worker.on('exit', () => this.fail(lane, new Error('encryption worker stopped')));
    return lane;
  }

  /** A dead worker: its jobs are done in-thread, and so is everything after. */
  private fail(lane: Lane, error: Error) {
    if (!this.broken) this.onError?.(error);
    this.broken = true;
    for (const p of lane.pending.drain()) encryptInline(p.job).then(p.resolve, p.reject);
  }

  readonly encrypt: Encrypt = (job) => {
    if (this.broken || this.size === 0) return encryptInline(job);
    if (this.lanes.length === 0) for (let i = 0; i < this.size; i++) this.lanes.push(this.lane());
    // The least busy worker.
    let lane = this.lanes[0] as Lane;
    for (const l of this.lanes) if (l.pending.size < lane.pending.size) lane = l;
    const id = ++this.nextId;
    const target = lane;
    return new Promise<Buffer>((resolve, reject) => {
      target.pending.set(id, { job, resolve, reject });
      target.batch.push({ id, ...job });
      if (target.scheduled) return;
      target.scheduled = true;
      setImmediate(() => {
        target.scheduled = false;
        const batch = target.batch;
        target.batch = [];
        for (let at = 0; at < batch.length; at += this.batchSize)
          target.worker.postMessage(batch.slice(at, at + this.batchSize));
      });
    });
  };

  async close(): Promise<void> {
    this.broken = true;
    await Promise.all(this.lanes.map((l) => l.worker.terminate()));
  }
}
