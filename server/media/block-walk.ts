/**
 * Reading a file by content as its bytes stream past, never keeping it whole: a sniffer is fed the
 * chunks in order and tells the file's type once the first bytes are in, whether the bytes can
 * still make a file of its kind, and at the end what the file is. A BlockWalk follows a chain of
 * length-prefixed blocks (JPEG segments, MP4 boxes) keeping only the header of the block it is at.
 */

export interface Sniffer<T> {
  /** Feeds the next bytes of the file. */
  push(chunk: Buffer): void;
  /** The type the file's first bytes announce; undefined until they are in, or when they announce none. */
  readonly mime: string | undefined;
  /** True once the bytes seen can no longer make a file of this kind. */
  readonly failed: boolean;
  /** What the file is, once all its bytes were pushed; undefined when it is no file of this kind. */
  result(): T | undefined;
}

/** Runs a sniffer over bytes already in memory. */
export function sniffWhole<T>(sniffer: Sniffer<T>, bytes: Buffer): T | undefined {
  sniffer.push(bytes);
  return sniffer.result();
}

/** Keeps a file's first `size` bytes. */
export class Head {
  private parts: Buffer[] = [];
  private kept = 0;
  constructor(private readonly size: number) {}

  push(chunk: Buffer): void {
    if (this.kept >= this.size) return;
    const part = chunk.subarray(0, this.size - this.kept);
    this.parts.push(part);
    this.kept += part.length;
  }

  get length(): number {
    return this.kept;
  }

  bytes(): Buffer {
    if (this.parts.length > 1) this.parts = [Buffer.concat(this.parts)];
    return this.parts[0] ?? Buffer.alloc(0);
  }
}

/**
 * What reading a block's header decides: the next block starts `next` bytes after this one; or the
 * header needs `need` bytes in all before it can be read; or the walk is over (`found`, or 'bad').
 */
export type WalkStep<T> = { next: number } | { need: number } | { found: T } | 'bad';

export class BlockWalk<T> {
  /** Where the block being read starts, counted from the start of the file. */
  private at: number;
  private need: number;
  /** The bytes of that block's header gathered so far. */
  private header: Buffer = Buffer.alloc(0);
  private seen = 0;
  private end: { found: T } | 'bad' | undefined;

  constructor(
    start: number,
    private readonly headerBytes: number,
    private readonly read: (header: Buffer) => WalkStep<T>,
  ) {
    this.at = start;
    this.need = headerBytes;
  }

  push(chunk: Buffer): void {
    const chunkStart = this.seen;
    this.seen += chunk.length;
    while (this.end === undefined) {
      if (this.header.length < this.need) {
        // The next header byte wanted, as a position in this chunk (the header so far is behind it).
        const from = this.at + this.header.length - chunkStart;
        if (from >= chunk.length) return;
        const part = chunk.subarray(from, from + this.need - this.header.length);
        this.header = this.header.length ? Buffer.concat([this.header, part]) : part;
        if (this.header.length < this.need) return;
      }
      const step = this.read(this.header);
      if (step === 'bad' || 'found' in step) {
        this.end = step;
      } else if ('need' in step) {
        this.need = step.need;
      } else {
        this.at += step.next;
        // A step shorter than the header read (a JPEG fill byte) keeps the rest of it.
        this.header = step.next < this.header.length ? this.header.subarray(step.next) : Buffer.alloc(0);
        this.need = this.headerBytes;
      }
    }
  }

  /** True once a header said the bytes cannot be of this kind. */
  get bad(): boolean {
    return this.end === 'bad';
  }

  /** What the walk found, if it ended with a find. */
  get found(): T | undefined {
    return this.end !== undefined && this.end !== 'bad' ? this.end.found : undefined;
  }

  /** Whether the last block ended exactly where the bytes did (no block cut short, no header begun). */
  endsClean(): boolean {
    return this.end === undefined && this.at === this.seen && this.header.length === 0;
  }
}
