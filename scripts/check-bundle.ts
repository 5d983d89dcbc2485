/**
 * Fails when a budgeted page's start JS grows over its budget (run by `npm run test:e2e` right
 * after its build). `node --import tsx scripts/check-bundle.ts [distDir]`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatReport, type Manifest, measure } from './bundle-budget';

const dist = process.argv[2] ?? 'dist';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
const reports = measure(manifest, (file) => readFileSync(join(dist, file)));
console.log(formatReport(reports));
if (reports.some((r) => r.over)) {
  console.error('JS budget exceeded: see the chunks above (gzip level 9).');
  process.exit(1);
}
