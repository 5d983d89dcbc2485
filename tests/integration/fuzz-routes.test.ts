/**
 * Fuzzes every route the server registered, read from Fastify itself (server.routes), so a route
 * added later is covered without anyone listing it; only the static files' catch-all is left out.
 * As an anonymous caller, as member M1001 and as broadcaster A2001: no body, {}, JSON that does not
 * parse, other content types, JSON arrays and null, wrong types, 100 kB strings, NaN and Infinity,
 * deep nesting, control characters and form variants, in every field of the route's schema at once
 * and in one field at a time with the others valid (so the call gets past its first check), and
 * numbers at and past the id columns' limits in each field. Pages and files get odd path
 * parameters, queries and ranges. No answer is a 5xx, every call (POST)
 * answers the errno envelope, and no balance, ledger row or voucher moves. Runs on PGlite, or on
 * PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../protocol/envelope';
import { pushApiRoutes } from '../../push-server/routes';
import type { RouteRecord } from '../../server/app';
import { apiRoutes } from '../../server/routes';
import { type Client, startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

/** The static files' catch-all serves files, and every path no route has lands there. */
const skipped = (route: RouteRecord) => route.url === '/*';

/** Each registry call's schema, to fuzz the fields it really has. */
const schemas = new Map(
  [...apiRoutes, ...pushApiRoutes({ subscriptions: undefined as never, allowedOrigins: [] })].map((r) => [
    r.path,
    r.schema,
  ]),
);
/** For calls outside the registry (uploads): the names calls use most. */
const COMMON_FIELDS = ['userid', 'anchor_id', 'content', 'id', 'type', 'start', 'token', 'endpoint'];

const HUGE = 'x'.repeat(100 * 1024);
const NUL = 'a\u0000b';
const CONTROLS = '\u0001\u0008\u000b\u001f\u007f\u0085';
/** Values no field should take as they are, put in every field at once. */
const EVERY_FIELD: unknown[] = [
  null,
  true,
  -1,
  1.5,
  1e308,
  '',
  'NaN',
  'Infinity',
  '1e999',
  [],
  [1, 'a'],
  {},
  { a: { b: [1] } },
  NUL,
  CONTROLS,
  '\ud800',
  '😀👩‍👩‍👧 é 中文',
  "' OR 1=1 --",
  'y'.repeat(50 * 1024),
];
/** Of those, the text also sent form-encoded. */
const EVERY_FIELD_FORM = [NUL, CONTROLS, 'NaN', '😀👩‍👩‍👧 é 中文'];
/** Broken values for one field at a time, the others valid. */
const ONE_FIELD: unknown[] = [null, [], {}, 'NaN', '-Infinity', NUL, CONTROLS, 'z'.repeat(60 * 1024)];
/** At and past the limits of an integer and a bigint column, and below any id: as JSON and in a form. */
const ID_EDGES: unknown[] = [2147483647, 2147483648, '9223372036854775808', -1];

/** Never a value a field may take, whatever its schema says (the others are skipped where they fit). */
const ALWAYS_WRONG = new Set<unknown>([NUL, CONTROLS]);

/**
 * Values tried in order for a field's valid value (the first its schema takes): the other side's id
 * (a broadcaster for a member, a member for a broadcaster), then a time, numbers and ids that fit.
 */
const samples = (peer: string): unknown[] => [
  peer,
  Math.floor(Date.now() / 1000) + 2 * 86_400,
  1,
  30,
  'emf',
  'https://fcm.googleapis.com/fcm/send/fuzz',
  '33',
  '612345678',
  '123456',
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
  'tBHItJI5svbpez7KI4CCXg',
  'x',
];

/**
 * A valid value for a field, or undefined to leave it out: an optional field is left out unless its
 * default is empty text (a broadcaster not chosen), which the call would refuse before the field fuzzed.
 */
function validOf(schema: z.ZodType, peer: string): unknown {
  const omitted = schema.safeParse(undefined);
  if (omitted.success && omitted.data !== '') return undefined;
  if (schema instanceof z.ZodObject) return validBody(schema, peer);
  return samples(peer).find((sample) => schema.safeParse(sample).success);
}

function validBody(schema: z.ZodObject, peer: string): Record<string, unknown> {
  const entries = Object.entries(schema.shape as Record<string, z.ZodType>).map(([k, s]) => [
    k,
    validOf(s, peer),
  ]);
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
}

interface Probe {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

const shown = (value: unknown) =>
  typeof value === 'string' ? JSON.stringify(value.slice(0, 12)) : JSON.stringify(value);

/** What a call (POST) is sent: whole-body oddities, every field at once, then one field at a time. */
function bodyProbes(path: string, peer: string): Probe[] {
  const at = (what: string) => `POST ${path}: ${what}`;
  const typed = (what: string, type: string, body: Probe['body']): Probe => ({
    label: at(what),
    method: 'POST',
    path,
    headers: { 'content-type': type },
    body,
  });
  const json = (what: string, value: unknown) => typed(what, 'application/json', JSON.stringify(value));
  const form = (what: string, fields: Record<string, unknown>) =>
    typed(
      what,
      'application/x-www-form-urlencoded',
      new URLSearchParams(fields as Record<string, string>).toString(),
    );
  const probes: Probe[] = [
    { label: at('no body'), method: 'POST', path },
    typed('{}', 'application/json', '{}'),
    typed('bad JSON', 'application/json', '{"userid": "A20'),
    typed('NaN and Infinity in JSON', 'application/json', '{"start": NaN, "step": Infinity}'),
    typed('an array', 'application/json', '[1, "a", {}]'),
    typed('null', 'application/json', 'null'),
    typed('a bare string', 'application/json', '"x"'),
    typed('deep nesting', 'application/json', `${'['.repeat(20_000)}${']'.repeat(20_000)}`),
    typed(
      'prototype poisoning',
      'application/json',
      '{"__proto__": {"x": 1}, "constructor": {"prototype": {}}}',
    ),
    typed('a NUL in a field name', 'application/json', '{"a\\u0000b": 1}'),
    json('a 100 kB string', { a: HUGE }),
    typed('text/plain', 'text/plain', 'a=1'),
    typed(
      'multipart junk',
      'multipart/form-data; boundary=xx',
      '--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--x',
    ),
    typed(
      'octet-stream junk',
      'application/octet-stream',
      new Uint8Array([0, 1, 2, 255, 0xff, 0xd8, 0x89, 0x50]),
    ),
    typed('a body without a type', '', '{"a": 1}'),
    typed('a form of junk', 'application/x-www-form-urlencoded', '%%%&&==&a=%ZZ&=&a[b]=1&a[]=2'),
  ];
  const schema = schemas.get(path);
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : undefined;
  const names = shape ? Object.keys(shape) : COMMON_FIELDS;
  const every = (value: unknown) => Object.fromEntries(names.map((n) => [n, value]));
  for (const value of EVERY_FIELD) probes.push(json(`every field ${shown(value)}`, every(value)));
  for (const value of EVERY_FIELD_FORM)
    probes.push(form(`every field ${shown(value)} in a form`, every(value)));
  const base = schema instanceof z.ZodObject ? validBody(schema, peer) : {};
  for (const name of names) {
    for (const value of ONE_FIELD) {
      // A value the field takes is no fuzz (a text field takes 'NaN').
      if (!ALWAYS_WRONG.has(value) && shape?.[name]?.safeParse(value).success) continue;
      probes.push(json(`${name} ${shown(value)}`, { ...base, [name]: value }));
      if (ALWAYS_WRONG.has(value))
        probes.push(form(`${name} ${shown(value)} in a form`, { ...base, [name]: value }));
    }
    // A text field takes digits as text (a form sends every edge as text): only number fields
    // (ids) get the edges they take, where a column could overflow.
    const field = shape?.[name];
    const numeric = !field?.safeParse('x').success;
    for (const edge of ID_EDGES) {
      if (!numeric && (field?.safeParse(edge).success || field?.safeParse(String(edge)).success)) continue;
      probes.push(json(`${name} ${shown(edge)}`, { ...base, [name]: edge }));
      probes.push(form(`${name} ${String(edge)} in a form`, { ...base, [name]: String(edge) }));
    }
    probes.push(typed(`${name} repeated`, 'application/x-www-form-urlencoded', `${name}=1&${name}=2`));
    probes.push(
      typed(`${name} as a form object`, 'application/x-www-form-urlencoded', `${name}[a]=1&${name}[]=2`),
    );
  }
  return probes;
}

/** What a page or file (GET, HEAD) is asked: odd values in each :param, odd queries and ranges. */
function fetchProbes(route: RouteRecord): Probe[] {
  const { method, url } = route;
  const fill = (value: string) => url.replace(/:[A-Za-z_]+/g, value);
  const values = [
    '%00',
    '%01%7f',
    '%ff',
    '%',
    '..',
    '%2e%2e%2f',
    'a%0d%0aSet-Cookie:%20x=1',
    'NaN',
    'x'.repeat(5000),
    ...ID_EDGES.map(String),
  ];
  const probes: Probe[] = (url.includes(':') ? values : ['']).map((value) => ({
    label: `${method} ${url} with ${value.slice(0, 20)}`,
    method,
    path: fill(value),
  }));
  for (const query of ['?a=%00', '?a[b]=1&a=2', `?${'q'.repeat(5000)}=1`, '?%ff']) {
    probes.push({ label: `${method} ${url}${query.slice(0, 20)}`, method, path: `${fill('x')}${query}` });
  }
  for (const range of ['bytes=nonsense', 'bytes=99999999999999999999-', 'bytes=-0', 'bytes=5-1,0-']) {
    probes.push({ label: `${method} ${url} range ${range}`, method, path: fill('x'), headers: { range } });
  }
  return probes;
}

function probesFor(route: RouteRecord, peer: string): Probe[] {
  const fetches = route.method === 'GET' || route.method === 'HEAD';
  return fetches ? fetchProbes(route) : bodyProbes(route.url, peer);
}

function isEnvelope(text: string): boolean {
  try {
    const answer = JSON.parse(text) as Record<string, unknown>;
    return typeof answer.errno === 'number' && typeof answer.errmsg === 'string' && 'data' in answer;
  } catch {
    return false;
  }
}

/**
 * Sends the probes eight at a time as `who` (anonymous when undefined); answers the ones that went
 * wrong. A logout among them ends the session: it is renewed, from the same browser (whose device
 * cookie the login guard trusts), before the next probe.
 */
async function fuzz(probes: Probe[], client: Client | undefined, who: string | undefined): Promise<string[]> {
  const wrong: string[] = [];
  let renewing: Promise<unknown> | undefined;
  const session = async () => {
    if (!client || !who) return '';
    if (!(await server.services.sessions.resolve(client.cookies.get(SESSION_COOKIE)))) {
      renewing ??= client.login(who).finally(() => {
        renewing = undefined;
      });
      await renewing;
    }
    return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  };
  let next = 0;
  const worker = async () => {
    for (let probe = probes[next++]; probe; probe = probes[next++]) {
      const cookie = await session();
      try {
        const response = await fetch(`${server.url}${probe.path}`, {
          method: probe.method,
          headers: { ...probe.headers, ...(cookie ? { cookie } : {}) },
          body: probe.body,
          redirect: 'manual',
        });
        const text = await response.text();
        if (response.status >= 500) wrong.push(`${probe.label}: ${response.status} ${text.slice(0, 160)}`);
        // Development pages (the face-check stand-in's verdict form) answer pages, not envelopes.
        else if (probe.method === 'POST' && !probe.path.startsWith('/dev/') && !isEnvelope(text)) {
          wrong.push(`${probe.label}: not an envelope (${response.status}) ${text.slice(0, 160)}`);
        }
      } catch (error) {
        wrong.push(`${probe.label}: no answer (${(error as Error).cause ?? error})`);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return wrong.map((w) => `${who ?? 'anonymous'} ${w}`);
}

/** Every member's balances, the ledgers' rows and the vouchers, straight from the database. */
async function money() {
  const q = (sql: string) => server.db.query(sql);
  return {
    members: await q('SELECT userid, credit, poststamp, chatmin FROM members ORDER BY userid'),
    ledger: await q('SELECT count(*)::int AS n, coalesce(max(id), 0)::text AS last FROM ledger'),
    stamps: await q('SELECT count(*)::int AS n, coalesce(max(id), 0)::text AS last FROM stamp_ledger'),
    vouchers: await q('SELECT voucher_id, used_at IS NOT NULL AS used FROM vouchers ORDER BY voucher_id'),
  };
}

it('registers every registry call, and the files and pages beside them', () => {
  const routes = server.routes.filter((r) => !skipped(r));
  // The registry's calls and the push calls, the uploads, the files and the pages.
  expect(routes.length).toBeGreaterThan(schemas.size + 10);
  for (const path of schemas.keys()) expect(routes.map((r) => r.url)).toContain(path);
});

// One test per caller, each with its own time: the routes keep growing.
it.each([
  ['anonymous', undefined, 'A2001'],
  ['member M1001', 'M1001', 'A2001'],
  ['broadcaster A2001', 'A2001', 'M1002'],
] as const)(
  'as %s, no route answers malformed input with a 5xx or without the envelope, and no money moves',
  async (_label, who, peer) => {
    const routes = server.routes.filter((r) => !skipped(r));
    const before = await money();
    const started = Date.now();
    const probes = routes.flatMap((route) => probesFor(route, peer));
    const wrong = await fuzz(probes, who ? await server.loginAs(who) : undefined, who);
    console.log(`${who ?? 'anonymous'}: ${probes.length} probes in ${Date.now() - started} ms`);
    expect.soft(wrong).toEqual([]);
    expect(await money()).toEqual(before);
  },
  150_000,
);
