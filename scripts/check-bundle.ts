/**
 * Fails when a budgeted page's start JS grows over its budget (run by `npm run test:e2e` right
 * after its build). `node --import tsx scripts/check-bundle.ts [distDir]`.
 */
import { readFileSync } from 'node:fs';
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
