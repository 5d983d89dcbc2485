import { describe, expect, it } from 'vitest';
import { formatReport, type Manifest, measure, type PageReport, startFiles } from './bundle-budget';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_shared.js'],
    dynamicImports: ['src/login.ts', 'src/app.tsx'],
  },
  'src/login.ts': { file: 'assets/login.js', imports: ['_client.js', '_shared.js'] },
  'src/app.tsx': {
    file: 'assets/app.js',
    imports: ['_react.js', '_client.js'],
    dynamicImports: ['src/late.ts'],
  },
  'src/late.ts': { file: 'assets/late.js', imports: ['_dexie.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  '_client.js': { file: 'assets/client.js', imports: ['_shared.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_dexie.js': { file: 'assets/dexie.js' },
  '_style.css': { file: 'assets/style.css' },
};

describe('startFiles', () => {
  it('takes the roots and their static imports, each once, and leaves dynamic imports out', () => {
    expect(startFiles(manifest, ['index.html', 'src/login.ts'])).toEqual([
      'assets/index.js',
      'assets/shared.js',
      'assets/login.js',
      'assets/client.js',
    ]);
    expect(startFiles(manifest, ['index.html', 'src/app.tsx'])).not.toContain('assets/late.js');
    expect(startFiles(manifest, ['index.html', 'src/app.tsx'])).not.toContain('assets/dexie.js');
  });

  it('finds a root merged into another chunk through the build map of modules to files', () => {
    // src/boot.ts has no manifest key of its own: the build put it in the shared chunk.
    const chunkOf = { 'src/boot.ts': 'assets/shared.js' };
    expect(startFiles(manifest, ['index.html', 'src/boot.ts'], chunkOf)).toEqual([
      'assets/index.js',
      'assets/shared.js',
    ]);
    expect(() => startFiles(manifest, ['src/boot.ts'])).toThrow(/no chunk "src\/boot.ts"/);
  });

  it('fails on a root the build no longer has', () => {
    expect(() => startFiles(manifest, ['src/gone.ts'])).toThrow(/no chunk "src\/gone.ts"/);
  });
});

describe('measure', () => {
  const sizes: Record<string, number> = {
    'assets/index.js': 1000,
    'assets/shared.js': 500,
    'assets/login.js': 800,
    'assets/client.js': 300,
    'assets/app.js': 4000,
    'assets/react.js': 20_000,
  };
  // Random bytes do not compress: the gzip size stays close to the length.
  const read = (file: string) =>
    Buffer.from(Array.from({ length: sizes[file] ?? 0 }, () => (Math.random() * 256) | 0));

  it('sums the gzip sizes and names the largest chunks of a page over its budget', () => {
    const reports = measure(manifest, read, [
      { name: 'login', roots: ['index.html', 'src/login.ts'], limitKiB: 60 },
      { name: 'app', roots: ['index.html', 'src/app.tsx'], limitKiB: 10 },
    ]);
    expect(reports.map((r) => r.over)).toEqual([false, true]);
    expect(reports[1]?.files[0]?.file).toBe('assets/react.js');
    const text = formatReport(reports);
    expect(text).toContain('login: 2.');
    expect(text).toMatch(/app is \d+\.\d KiB over; largest: assets\/react\.js/);
  });

  it('counts the files a page loads at start against its file budget', () => {
    const [within, over] = measure(manifest, read, [
      { name: 'login', roots: ['index.html', 'src/login.ts'], limitKiB: 60, maxFiles: 4 },
      { name: 'login', roots: ['index.html', 'src/login.ts'], limitKiB: 60, maxFiles: 3 },
    ]);
    expect(within).toMatchObject({ over: false, tooManyFiles: false });
    expect(over).toMatchObject({ over: true, tooManyFiles: true });
    expect(formatReport([over as PageReport])).toContain('login loads 4 files at start, 1 too many');
  });
});
