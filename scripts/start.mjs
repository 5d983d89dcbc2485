// `npm start`: build the PWA if it is missing or older than its sources, then run the server.
// STATIC_DIR (default dist/) is where the app is looked for, built to and served from.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const staticDir = resolve(root, process.env.STATIC_DIR ?? 'dist');
const built = join(staticDir, 'index.html');

function newestMtime(path) {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const sources = ['src', 'sw', 'protocol', 'public', 'index.html', 'vite.config.ts', 'scripts/precompress.ts']
  .map((d) => join(root, d))
  .filter(existsSync);
const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;

// The build and then the server run as children (the server so that TypeScript loads through tsx).
// A signal to this process alone (SIGTERM from a supervisor, `kill`) goes to the child running now;
// Ctrl-C reaches both anyway. Either way this process ends when the child has.
let child;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    else process.exit(1);
  });
}

function run(args, env = process.env) {
  child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  return new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
}

if (stale) {
  console.log('Building the app…');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  // Outside dist/ Vite adds files without emptying the folder first: it is someone's own folder.
  const outDir = process.env.STATIC_DIR ? ['--outDir', staticDir] : [];
  const build = await run([vite, 'build', '--logLevel', 'warn', ...outDir]);
  if (build.code !== 0) process.exit(build.code ?? 1);
}

// The V8 flags the server runs with, and that the benches measure it with (docs/architecture.md says why).
const nodeFlags = JSON.parse(readFileSync(join(root, 'scripts', 'server-node-flags.json'), 'utf8'));
const server = await run([...nodeFlags, '--import', 'tsx', join(root, 'server', 'main.ts')], {
  ...process.env,
  STATIC_DIR: staticDir,
});
process.exit(server.code ?? (server.signal ? 1 : 0));
