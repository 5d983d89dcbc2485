/**
 * The server's house rules, read from the import statements themselves:
 * - a feature (server/features/<name>/) is reached from outside only through its public module
 *   (the folder's index.ts), so its other files can change without touching anyone else;
 * - the platform folders (http, storage, realtime, bus, files, sfu, providers, media, core) never
 *   import a feature, not even its types: only the composition root (app, main, config, services, routes,
 *   repositories, and the config/ and services/ folders) and the demo seed import features;
 * - no file is part of an import cycle, type-only imports included.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const features = join(here, 'features');
/**
 * The composition root builds every feature (and reads their settings), so it may name each one's
 * public module (the parts of config.ts and services.ts in config/ and services/ included); so may
 * the demo seed, which writes every feature's demo data.
 */
const ROOT_FILES = /^(app|main|config|services|routes|repositories)\.ts$|^(config|services|seed)\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Import {
  target: string;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^;'"]*?\sfrom\s+)?'(\.[^']*)'/g;

/** A file's relative imports, resolved to files (a folder means its index.ts). */
function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].flatMap((match) => {
    const base = resolve(dirname(file), match[1] ?? '');
    const target = [`${base}.ts`, join(base, 'index.ts'), base].find((p) => {
      try {
        return statSync(p).isFile();
      } catch {
        return false;
      }
    });
    return target?.endsWith('.ts') ? [{ target }] : [];
  });
}

const featureOf = (file: string) =>
  file.startsWith(`${features}/`) ? relative(features, file).split('/')[0] : undefined;

const files = sourceFiles(here);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const shown = (file: string) => relative(here, file);

describe('server layout', () => {
  it('has a public module in every feature folder', () => {
    for (const name of readdirSync(features)) {
      expect(statSync(join(features, name, 'index.ts')).isFile(), name).toBe(true);
    }
  });

  it('reaches another feature only through its public module', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      const owner = featureOf(file);
      for (const { target } of imports) {
        const feature = featureOf(target);
        if (!feature || feature === owner) continue;
        if (target !== join(features, feature, 'index.ts')) wrong.push(`${shown(file)} -> ${shown(target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the platform folders free of features: only the composition root names them', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      if (featureOf(file) || ROOT_FILES.test(relative(here, file))) continue;
      for (const { target } of imports) {
        if (featureOf(target)) wrong.push(`${shown(file)} -> ${shown(target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has no import cycle, type-only imports included', () => {
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].map(shown).join(' > '));
        return;
      }
      state.set(file, 'open');
      for (const { target } of graph.get(file) ?? []) {
        if (graph.has(target)) visit(target, [...path, file]);
      }
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
