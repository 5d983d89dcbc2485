/**
 * Where uploaded files live: one small interface with two implementations, the local data folder
 * (LocalFileStore, the default) and an S3-compatible bucket (S3FileStore, when S3_BUCKET is set).
 * Keys are ours (never a client's file name): letters, digits, `_`, `-`, `.` and `/` between parts.
 */
import type { Readable } from 'node:stream';

/** Inclusive byte positions, as in an HTTP Range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile {
  /** Total size in bytes. */
  size: number;
  /** The type given to put(), when the store kept one. */
  contentType: string | undefined;
}

export interface FileBody extends StoredFile {
  /** The whole file, or only the asked range. */
  body: Readable;
}

export interface FileStore {
  /** 'local' or 's3', for logs and the health of the configuration. */
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Writes `body` to `key` as it arrives, never holding it whole. When `body` throws (an upload
   * refused half-way, a client gone), nothing of it is kept and the error is thrown on.
   */
  putStream(key: string, body: AsyncIterable<Uint8Array>, contentType: string): Promise<void>;
  /** The file (or `range` of it, which must lie inside it); undefined when there is none. */
  get(key: string, range?: ByteRange): Promise<FileBody | undefined>;
  /** Removes the file; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** The file's size and type, or undefined when there is none. */
  exists(key: string): Promise<StoredFile | undefined>;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/** Throws on a key that could leave the store's folder or need escaping. */
export function checkKey(key: string): string {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((p) => p === '..' || p === '.')) {
    throw new Error(`file store: bad key ${JSON.stringify(key)}`);
  }
  return key;
}

/** Reads a whole body into memory (files here are capped by the upload rules). */
export async function readAll(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part));
  return Buffer.concat(parts);
}
