// Completes package-lock.json with the platform builds this machine's registry does not serve.
//
// Our registry mirror answers 404 for prebuilt binaries of other platforms (biome's and rollup's
// darwin, win32, musl… packages), so `npm install` leaves them out of the lock, and then `npm ci`
// refuses the lock as out of sync. Each missing optional package is recorded with its version and
// the platform it is for, which is what npm needs to skip it here and fetch it on that platform.
// Run after `npm install` changes the lock: `node scripts/lock-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const OS = [
  'android',
  'openharmony',
  'darwin',
  'freebsd',
  'openbsd',
  'linux',
  'win32',
  'sunos',
  'aix',
  'netbsd',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = OS.find((o) => parts.includes(o));
  const cpu = CPU.find((c) => parts.includes(c)) ?? (parts.includes('eabihf') ? 'arm' : undefined);
  if (!os || !cpu) return undefined;
  const platform = { os: [os], cpu: [cpu] };
  if (os === 'linux') platform.libc = [parts.some((p) => p.startsWith('musl')) ? 'musl' : 'glibc'];
  return platform;
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const where = `${path ? `${path}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[where] || lock.packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    lock.packages[hoisted] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: recorded ${added} platform package(s) this registry does not serve`);
