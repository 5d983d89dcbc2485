/**
 * Chunks that follow the code, not a list of names: the build reads its own static import graph
 * and asks, for each module, which start-up file reaches it without a dynamic import. What the
 * entry reaches is `base` (the login page loads only that); what the signed-in shell reaches is
 * `app`; every other module splits by lazy import, loaded with the pages that import it. A
 * feature added the ordinary way (its folder, its `routes.tsx`, pages imported lazily) lands in
 * its own chunk without touching the build config.
 */
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

export interface ChunkGraph {
  plugin: Plugin;
  /** Whether one of `files` (paths from the project root) reaches module `id` through static imports only. */
  reaches(...files: string[]): (id: string) => boolean;
}

/** Beside Vite's manifest in the build: source module (from the project root) to its JS file. */
export const CHUNK_OF_FILE = '.vite/chunk-of.json';

export function chunkGraph(root: string): ChunkGraph {
  /** Each module's static imports, copied when the build ends (its context is gone at chunking). */
  const imports = new Map<string, readonly string[]>();
  const closures = new Map<string, Set<string>>();
  const closure = (start: string): Set<string> => {
    const known = closures.get(start);
    if (known) return known;
    const seen = new Set<string>();
    const stack = [start];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(imports.get(id) ?? []));
    }
    closures.set(start, seen);
    return seen;
  };
  return {
    plugin: {
      name: 'glimmer:chunk-graph',
      apply: 'build',
      // The graph is whole once the build ends; chunks are made after it.
      buildEnd() {
        imports.clear();
        closures.clear();
        for (const id of this.getModuleIds()) imports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
      },
      // Which file each source module ended up in (CHUNK_OF_FILE), for the JS budget: a page's
      // module merged into a start chunk has no manifest entry of its own.
      generateBundle(_options, bundle) {
        const chunkOf: Record<string, string> = {};
        for (const out of Object.values(bundle)) {
          if (out.type !== 'chunk') continue;
          for (const id of out.moduleIds) chunkOf[relative(root, id)] = out.fileName;
        }
        this.emitFile({ type: 'asset', fileName: CHUNK_OF_FILE, source: JSON.stringify(chunkOf) });
      },
    },
    reaches(...files) {
      const starts = files.map((file) => resolve(root, file));
      return (id) => starts.some((start) => closure(start).has(id));
    },
  };
}
