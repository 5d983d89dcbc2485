/**
 * Fails when a budgeted page's start JS grows over its budget (run by `npm run test:e2e` right
 * after its build), or when any chunk carries the server's schema library.
 * `node --import tsx scripts/check-bundle.ts [distDir]`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ChunkOf, formatReport, type Manifest, measure, PAGES } from './bundle-budget';
import { CHUNK_OF_FILE } from './chunk-graph';

const dist = process.argv[2] ?? 'dist';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
const chunkOf = JSON.parse(readFileSync(join(dist, CHUNK_OF_FILE), 'utf8')) as ChunkOf;
const reports = measure(manifest, (file) => readFileSync(join(dist, file)), PAGES, chunkOf);
console.log(formatReport(reports));
if (reports.some((r) => r.over)) {
  console.error('JS budget exceeded: see the chunks above (gzip level 9).');
  process.exit(1);
}

// zod checks at load whether it may compile code (`Function('')`), which the pages' policy refuses
// and reports; its schemas belong to the server (protocol/**/*-schemas.ts), never to a page.
const withZod = readdirSync(join(dist, 'assets')).filter(
  (file) =>
    file.endsWith('.js') && readFileSync(join(dist, 'assets', file), 'utf8').includes('return Function(``)'),
);
if (withZod.length) {
  console.error(`The app bundles zod (${withZod.join(', ')}): import protocol schemas on the server only.`);
  process.exit(1);
}
