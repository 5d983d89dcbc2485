/**
 * The data folder as a file store (today's layout: a key is a path under DATA_DIR, so photos stay
 * at DATA_DIR/mail-photos/<id>). The content type sits beside a file in `<file>.type`; a file is
 * written to a temporary name and renamed, so a reader never sees half of it.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type ByteRange, checkKey, type FileBody, type FileStore, type StoredFile } from './store';

const TYPE_SUFFIX = '.type';

export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    checkKey(key);
    if (key.endsWith(TYPE_SUFFIX)) throw new Error(`file store: bad key ${JSON.stringify(key)}`);
    return join(this.root, key);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(`${path}${TYPE_SUFFIX}`, contentType);
    await writeFile(tmp, bytes);
    await rename(tmp, path);
  }

  async putStream(key: string, body: AsyncIterable<Uint8Array>, contentType: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    // Opened before the body flows: a stream left to open the file itself could still be opening
    // it when a failing body's clean-up removes it, and bring it back empty.
    const file = await open(tmp, 'w');
    try {
      await pipeline(body, file.createWriteStream());
      await writeFile(`${path}${TYPE_SUFFIX}`, contentType);
      await rename(tmp, path);
    } catch (error) {
      await file.close().catch(() => undefined);
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async exists(key: string): Promise<StoredFile | undefined> {
    const path = this.path(key);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const type = await readFile(`${path}${TYPE_SUFFIX}`, 'utf8').catch(() => undefined);
    return { size: info.size, contentType: type?.trim() || undefined };
  }

  async get(key: string, range?: ByteRange): Promise<FileBody | undefined> {
    const found = await this.exists(key);
    if (!found) return undefined;
    const body = createReadStream(this.path(key), range ? { start: range.start, end: range.end } : {});
    return { ...found, body };
  }

  async delete(key: string): Promise<void> {
    const path = this.path(key);
    await rm(path, { force: true });
    await rm(`${path}${TYPE_SUFFIX}`, { force: true });
  }
}
