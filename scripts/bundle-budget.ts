/**
 * The JS budget of the first pages a visitor and a member open: which chunks of the build each page
 * loads at start, their gzip size and their number against the budget.
 * Pure logic; `check-bundle.ts` reads the build and prints.
 */
import { gzipSync } from 'node:zlib';

/** The part of Vite's `.vite/manifest.json` that says how chunks import each other. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;
/** The build's map of source module to the JS file it landed in (scripts/chunk-graph.ts). */
export type ChunkOf = Record<string, string>;

export interface PageBudget {
  name: string;
  /** Manifest keys loaded at start: the entry, then the dynamic imports the page takes at once. */
  roots: string[];
  limitKiB: number;
  /**
   * At most this many JS files: on a phone over HTTP/1.1 each takes one of six connections for a
   * round trip, so thirty small files cost several round trips more than a few larger ones.
   */
  maxFiles?: number;
}

/**
 * The pages under budget. The entry (`index.html`) picks the page from the address and imports its
 * boot module at once; everything else (other routes, the socket, Dexie on the login page, the
 * PWA prompts on the login page) arrives after first paint and is not counted.
 */
export const PAGES: PageBudget[] = [
  { name: 'login (/user/login)', roots: ['index.html', 'src/features/login/boot.ts'], limitKiB: 60 },
  {
    name: "member's Discover (/#/masterlist)",
    // The search bar is a lazy part Discover renders at once.
    roots: [
      'index.html',
      'src/features/discover/DiscoverPage.tsx',
      'src/features/discover/DiscoverSearchBar.tsx',
    ],
    limitKiB: 135,
    maxFiles: 11,
  },
  {
    name: "a broadcaster's profile (/#/anchor/A2001)",
    roots: ['index.html', 'src/features/anchor-profile/AnchorProfilePage.tsx'],
    limitKiB: 152,
    maxFiles: 11,
  },
  {
    name: 'Messages (/#/mymessage)',
    roots: ['index.html', 'src/features/messages/MessagesPage.tsx'],
    limitKiB: 145,
    maxFiles: 13,
  },
];

/**
 * What a member's Discover may load in the browser (tests/e2e/js-budget.spec.ts measures it there):
 * before its content shows, and in all until `seconds` after (the socket, the bubbles, the start-up
 * pop-ups; the offline copies and the next page's code wait for the background, src/app/first-paint.ts).
 */
export const DISCOVER_IN_BROWSER = { startKiB: 135, firstSecondsKiB: 170, seconds: 5 } as const;

/**
 * Run in the page (strings: tsx's helpers do not exist there). The window of a page's first seconds
 * ends DISCOVER_IN_BROWSER.seconds after the app's 'after first paint' mark: a socket or a machine
 * that is slow to show the bubbles does not stretch it into the background work that follows
 * (src/app/first-paint.ts). `FIRST_SECONDS_OVER` resolves once the window has closed;
 * `SCRIPTS_IN_FIRST_SECONDS` lists the JS fetched in it, each marked late when it came after the mark.
 */
const windowEnd = `(() => {
  const mark = performance.getEntriesByName('glimmer:after-first-paint')[0];
  return mark ? mark.startTime + ${DISCOVER_IN_BROWSER.seconds * 1000} : Infinity;
})()`;
export const FIRST_SECONDS_OVER = `new Promise((over) => {
  const check = () => {
    const left = ${windowEnd} - performance.now();
    if (left <= 0) over(true);
    else setTimeout(check, Math.min(left, 250));
  };
  check();
})`;
export const SCRIPTS_IN_FIRST_SECONDS = `(() => {
  const mark = performance.getEntriesByName('glimmer:after-first-paint')[0];
  const end = ${windowEnd};
  return performance.getEntriesByType('resource')
    .filter((r) => new URL(r.name).pathname.endsWith('.js') && r.startTime < end)
    .map((r) => ({ file: new URL(r.name).pathname.slice(1), late: !!mark && r.startTime >= mark.startTime }));
})()`;

/**
 * The JS files a page loads at start: its roots and, transitively, their static imports (what the
 * browser fetches before the code runs; Vite also modulepreloads them). Dynamic imports are left
 * out: they load later, when the code asks.
 */
export function startFiles(manifest: Manifest, roots: string[], chunkOf: ChunkOf = {}): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  // A module merged into a chunk of the start (the login page into `base`) has no key of its own.
  const keyOf = (key: string) =>
    key in manifest ? key : Object.keys(manifest).find((k) => manifest[k]?.file === chunkOf[key]);
  const visit = (root: string) => {
    const key = keyOf(root) ?? root;
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build has no chunk "${root}" (renamed or moved?)`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const root of roots) visit(root);
  return [...files];
}

/** gzip level 9: the `.gz` the build writes beside each file (scripts/precompress.ts) and the server sends. */
export const gzipSize = (content: Buffer | string) => gzipSync(content, { level: 9 }).length;

export interface PageReport {
  page: PageBudget;
  files: { file: string; gzip: number }[];
  total: number;
  tooBig: boolean;
  tooManyFiles: boolean;
  /** Over its size budget or its file count. */
  over: boolean;
}

export function measure(
  manifest: Manifest,
  read: (file: string) => Buffer,
  pages = PAGES,
  chunkOf: ChunkOf = {},
): PageReport[] {
  return pages.map((page) => {
    const files = startFiles(manifest, page.roots, chunkOf)
      .map((file) => ({ file, gzip: gzipSize(read(file)) }))
      .sort((a, b) => b.gzip - a.gzip);
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    const tooBig = total > page.limitKiB * 1024;
    const tooManyFiles = page.maxFiles !== undefined && files.length > page.maxFiles;
    return { page, files, total, tooBig, tooManyFiles, over: tooBig || tooManyFiles };
  });
}

export const kib = (bytes: number) => (bytes / 1024).toFixed(1);

export function formatReport(reports: PageReport[]): string {
  const lines: string[] = [];
  for (const { page, files, total, tooBig, tooManyFiles, over } of reports) {
    const count = page.maxFiles === undefined ? '' : `, ${files.length} files of ${page.maxFiles}`;
    lines.push(
      `${page.name}: ${kib(total)} KiB gzip of ${page.limitKiB} KiB${count} ${over ? 'OVER BUDGET' : 'ok'}`,
    );
    for (const f of files) lines.push(`  ${kib(f.gzip).padStart(7)} KiB  ${f.file}`);
    if (tooManyFiles)
      lines.push(
        `  ${page.name} loads ${files.length} files at start, ${files.length - (page.maxFiles ?? 0)} too many`,
      );
    if (tooBig) {
      const largest = files
        .slice(0, 3)
        .map((f) => `${f.file} (${kib(f.gzip)} KiB)`)
        .join(', ');
      lines.push(`  ${page.name} is ${kib(total - page.limitKiB * 1024)} KiB over; largest: ${largest}`);
    }
  }
  return lines.join('\n');
}
