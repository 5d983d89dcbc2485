import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileStore } from './local';
import { readAll } from './store';

describe('LocalFileStore', () => {
  let dir: string;
  let store: LocalFileStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'glimmer-files-'));
    store = new LocalFileStore(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('puts, reads whole and by range, tells size and type, and deletes', async () => {
    const bytes = Buffer.from('0123456789abcdef');
    await store.put('mail-media/E1/R1', bytes, 'video/webm');
    expect(await store.exists('mail-media/E1/R1')).toEqual({ size: 16, contentType: 'video/webm' });
    const whole = await store.get('mail-media/E1/R1');
    expect((await readAll(whole?.body ?? ([] as never))).toString()).toBe('0123456789abcdef');
    const part = await store.get('mail-media/E1/R1', { start: 10, end: 12 });
    expect(part?.size).toBe(16);
    expect((await readAll(part?.body ?? ([] as never))).toString()).toBe('abc');
    // Today's layout: the key is the path under the data folder, nothing half-written is left.
    expect(await readdir(join(dir, 'mail-media/E1'))).toEqual(['R1', 'R1.type']);
    await store.delete('mail-media/E1/R1');
    expect(await store.exists('mail-media/E1/R1')).toBeUndefined();
    expect(await store.get('mail-media/E1/R1')).toBeUndefined();
    await store.delete('mail-media/E1/R1');
  });

  it('streams a body in, and keeps nothing of one that fails half-way', async () => {
    async function* parts(fail: boolean) {
      yield Buffer.from('first ');
      yield new Uint8Array([0x61, 0x62]);
      if (fail) throw new Error('cut off');
    }
    await store.putStream('mail-uploads/A1/V1', parts(false), 'video/mp4');
    expect(await store.exists('mail-uploads/A1/V1')).toEqual({ size: 8, contentType: 'video/mp4' });
    await expect(store.putStream('mail-uploads/A1/V2', parts(true), 'video/mp4')).rejects.toThrow('cut off');
    expect(await store.exists('mail-uploads/A1/V2')).toBeUndefined();
    expect(await readdir(join(dir, 'mail-uploads/A1'))).toEqual(['V1', 'V1.type']);
  });

  it('refuses keys that could leave the folder', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/./b', '', 'a b', 'x.type']) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/bad key/);
    }
  });
});
