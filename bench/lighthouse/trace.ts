/**
 * Where a page's main thread goes at start, on a 4x slower CPU: what Lighthouse's blocking time
 * counts, broken down so that the next cut can be chosen. Opens a page cold (no cache, no stored
 * data; signed in as a demo member by cookie) in Debian's Chromium, records a performance trace
 * with V8's sampling profiler for `--seconds`, and prints each long task (over 50 ms) with what
 * filled it, then the functions that took the most time inside long tasks, named by chunk.
 *
 *   node --import tsx bench/lighthouse/trace.ts --url http://localhost:8080 [--path '/#/masterlist']
 *   node --import tsx bench/lighthouse/trace.ts --url http://localhost:8080 --path '/#/anchor/A2001' --save /tmp/p.json
 *
 * The profiler itself slows the page (about 1.3x): compare traces with each other, and read
 * Lighthouse (run.ts) for the figure itself. `--save` keeps the raw trace for Chromium's DevTools.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../tests/e2e/chromium';
import { DEMO_PASSWORD } from '../../tests/e2e/helpers';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    path: { type: 'string', default: '/#/masterlist' },
    user: { type: 'string', default: 'M1001' },
    seconds: { type: 'string', default: '8' },
    save: { type: 'string' },
  },
});

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number };
}

const LONG_TASK_US = 50_000;
/** The trace events that explain a task, each summed by name (scripts by their chunk). */
const EXPLAINING = new Set([
  'v8.evaluateModule',
  'EvaluateScript',
  'FunctionCall',
  'RunMicrotasks',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'MinorGC',
  'MajorGC',
  'Decode Image',
]);

async function record(): Promise<TraceEvent[]> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    // Lighthouse's phone: Moto G Power's screen, a 4x slower CPU.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const login = await page.request.post(`${values.url}/user/login?is_ajax=1`, {
      form: { userid: values.user as string, password: DEMO_PASSWORD },
    });
    if (!login.ok()) throw new Error(`signing in as ${values.user} answered ${login.status()}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (chunk) => events.push(...(chunk.value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories:
        'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,disabled-by-default-v8.cpu_profiler',
      transferMode: 'ReportEvents',
    });
    await page.goto(`${values.url}${values.path}`);
    await page.waitForTimeout(Number(values.seconds) * 1000);
    await cdp.send('Tracing.end');
    await complete;
    return events;
  } finally {
    await browser.close();
  }
}

const chunkOf = (url: unknown) =>
  typeof url === 'string' && url ? (url.split('/').pop() ?? url).replace(/-[\w-]{8}\.js$/, '') : '';

/** The page's main thread: the renderer thread with the most long tasks. */
function mainThread(events: TraceEvent[]) {
  const counts = new Map<string, number>();
  for (const e of events)
    if (e.name === 'RunTask' && (e.dur ?? 0) > LONG_TASK_US) {
      const key = `${e.pid}:${e.tid}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  const renderers = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const best = [...counts].filter(([key]) => renderers.has(key)).sort((a, b) => b[1] - a[1])[0];
  if (!best) throw new Error('no long task on any page thread');
  const [pid, tid] = best[0].split(':').map(Number);
  return events.filter((e) => e.pid === pid && e.tid === tid);
}

/** The sampling profiler's samples as [node, time], with its nodes. */
function samplesOf(events: TraceEvent[]) {
  const nodes = new Map<number, ProfileNode>();
  const samples: [number, number][] = [];
  let time = 0;
  for (const e of events) {
    const data = e.args?.data as
      | {
          startTime?: number;
          cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
          timeDeltas?: number[];
        }
      | undefined;
    if (e.name === 'Profile' && data?.startTime !== undefined) time = data.startTime;
    if (e.name !== 'ProfileChunk' || !data) continue;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data.cpuProfile?.samples ?? []).forEach((node, i) => {
      time += data.timeDeltas?.[i] ?? 0;
      samples.push([node, time]);
    });
  }
  return { nodes, samples };
}

const events = await record();
if (values.save) writeFileSync(values.save, JSON.stringify({ traceEvents: events }));
const thread = mainThread(events);
const start = Math.min(...thread.filter((e) => e.ts > 0).map((e) => e.ts));
const ms = (us: number) => (us / 1000).toFixed(0);
const tasks = thread
  .filter((e) => e.ph === 'X' && e.name === 'RunTask' && (e.dur ?? 0) > LONG_TASK_US)
  .sort((a, b) => a.ts - b.ts);
const blocking = tasks.reduce((sum, t) => sum + (t.dur ?? 0) - LONG_TASK_US, 0);

console.log(`${values.path} on ${values.url}, 4x slower CPU, profiler on; times since the trace began`);
console.log(`${tasks.length} long tasks, ${ms(blocking)} ms over 50 ms in all\n`);
console.log('   at ms  long ms  filled with (ms, nested events counted once per name)');
for (const task of tasks) {
  const end = task.ts + (task.dur ?? 0);
  const inside = new Map<string, number>();
  for (const e of thread) {
    if (e.ph !== 'X' || !EXPLAINING.has(e.name) || e.ts < task.ts || e.ts + (e.dur ?? 0) > end) continue;
    const data = e.args?.data;
    const what = ['FunctionCall', 'EvaluateScript'].includes(e.name)
      ? `${e.name} ${chunkOf(data?.url) || '?'}`
      : e.name;
    inside.set(what, (inside.get(what) ?? 0) + (e.dur ?? 0));
  }
  const parts = [...inside]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([what, us]) => `${what} ${ms(us)}`)
    .join(', ');
  console.log(`${ms(task.ts - start).padStart(8)} ${ms(task.dur ?? 0).padStart(8)}  ${parts}`);
}

// The functions that ran inside long tasks, by self time.
const { nodes, samples } = samplesOf(events);
const inLongTask = (ts: number) => tasks.some((t) => ts >= t.ts && ts <= t.ts + (t.dur ?? 0));
const self = new Map<string, number>();
let previous = samples[0]?.[1] ?? 0;
for (const [id, ts] of samples) {
  const spent = ts - previous;
  previous = ts;
  const frame = nodes.get(id)?.callFrame;
  if (!frame || !inLongTask(ts)) continue;
  const where = frame.url ? `${chunkOf(frame.url)}:${frame.lineNumber}:${frame.columnNumber}` : 'native';
  const key = `${frame.functionName || '(top level)'} ${where}`;
  self.set(key, (self.get(key) ?? 0) + spent);
}
console.log('\nself time inside long tasks (ms), by function');
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`${ms(us).padStart(8)}  ${key}`);
