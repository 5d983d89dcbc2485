/**
 * Brotli (`x.js.br`, best quality) and gzip (`x.js.gz`) siblings of every compressible file in the
 * build output, made once at build time so the server never compresses a static file per request:
 * server/http/static.ts serves them with @fastify/static's `preCompressed`. A sibling is written only
 * when it is smaller than the file. The Vite plugin runs after vite-plugin-pwa has written the
 * service worker and its precache manifest, so `sw.js` gets siblings too.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text the build emits; images (PNG, and the ICO made of PNGs) are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export interface Precompressed {
  /** Path relative to the folder. */
  file: string;
  raw: number;
  /** Sizes of the siblings written; undefined where compressing saved nothing. */
  br?: number;
  gz?: number;
}

async function sibling(path: string, raw: Buffer, packed: Buffer): Promise<number | undefined> {
  if (packed.length < raw.length) {
    await writeFile(path, packed);
    return packed.length;
  }
  // A sibling from an earlier build into the same folder would be served for a file it no longer is.
  await rm(path, { force: true });
  return undefined;
}

async function precompressFile(dir: string, file: string): Promise<Precompressed> {
  const path = join(dir, file);
  const raw = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipped(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    file,
    raw: raw.length,
    br: await sibling(`${path}.br`, raw, br),
    gz: await sibling(`${path}.gz`, raw, gz),
  };
}

/** Writes the siblings for every compressible file under `dir`, a few files at a time. */
export async function precompressDir(dir: string): Promise<Precompressed[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    // Not Vite's own .vite/manifest.json: the server never sends dot folders.
    .filter((file) => !file.split(/[\\/]/).some((part) => part.startsWith('.')))
    .sort();
  const results: Precompressed[] = [];
  // Two files at a time, each compressed two ways at once: libuv's four threads, no queue behind them.
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      results.push(await precompressFile(dir, file));
    }
  };
  await Promise.all([worker(), worker()]);
  return results.sort((a, b) => a.file.localeCompare(b.file));
}

/** The Vite plugin: precompresses the out dir once the whole build, service worker included, is written. */
export function precompress(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => undefined;
  return {
    name: 'glimmer:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    closeBundle: {
      // After vite-plugin-pwa's own (sequential) closeBundle, which builds sw.js.
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error) return;
        const done = await precompressDir(outDir);
        const raw = done.reduce((sum, f) => sum + f.raw, 0);
        const br = done.reduce((sum, f) => sum + (f.br ?? f.raw), 0);
        log(
          `precompressed ${done.length} files: ${(raw / 1024).toFixed(1)} kB, ${(br / 1024).toFixed(1)} kB as Brotli`,
        );
      },
    },
  };
}
