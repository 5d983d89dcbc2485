/**
 * Walks THE ROUTE REGISTRY and posts malformed payloads to every route: bodies that do not parse,
 * wrong content types, oversized bodies, and per field wrong types, missing values, 10 KB strings
 * and unknown ids. Every answer is an envelope with a nonzero errno and a clear errmsg, never a
 * 500, and nothing changes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { Errno } from '../../protocol/errors';
import { Api } from '../../protocol/paths';
import { InviteApi } from '../../protocol/realtime';
import { SayHiApi } from '../../protocol/sayhi';
import { ShowApi } from '../../protocol/shows';
import type { AnchorListData, MoneyData, OwnUserInfo, UserConfig } from '../../protocol/types';
import type { ApiRoute } from '../../server/http/route';
import { apiRoutes } from '../../server/http/routes';
import { type Answer, type Client, startServer, type TestServer } from './harness';

let server: TestServer;
let member: Client;
let lady: Client;
beforeAll(async () => {
  server = await startServer();
  member = await server.loginAs('M1001');
  lady = await server.loginAs('A2001');
});
afterAll(async () => {
  await server?.close();
});

/** A valid value for each field name the schemas use (ids that exist). */
const VALID: Record<string, string | number> = {
  userid: 'A2001',
  anchorid: 'A2001',
  password: 'demo1234',
  is_fav: 1,
  num: 5,
  type: 0,
  start: 0,
  step: 7,
  token: 'x',
  user_id: 'M1002',
  anchor_id: 'A2001',
  anchorId: 'A2001',
  invitation_id: 'x',
  id: 'x',
  log_id: 'x',
  is_auto: 0,
  // A book_time keeps sendBookingRequest on its (refused) scheduled path: no credit is held.
  book_time: 1_900_000_000,
  time_id: 'x',
  giftid: 'x',
  gift_num: 1,
  need_sms: 0,
  // Issue 4: phone verification.
  country: 'France',
  area_code: '33',
  phone_no: '612345678',
  verify_code: '123456',
  days: 3,
  // Issue 4: shows and tickets.
  live_show_id: 'LS3002',
  cancel: 0,
  sort_type: 1,
  show_title: 'x',
  show_introduce: 'x',
  start_time: 1_900_000_000,
  duration: 30,
  price: 1,
  ticket_num: 5,
  // Issue 6: Say Hi.
  greeting: 0,
  theme: 0,
  sayid: 'SHx',
  response: 'x',
  // Issue 7: mail.
  click_type: 0,
  kind: 'emf',
  media: '',
};
/** Valid values that differ by route. */
const VALID_BY_PATH: Record<string, Record<string, string | number>> = {
  [InviteApi.handleBooking]: { type: 1 },
  [ShowApi.myTicketList]: { type: 1 },
  [SayHiApi.getSayHiList]: { type: 'all' },
};
/** Fields that name something by id, and an id that names nothing. */
const ID_FIELDS = new Set(['userid', 'anchorid', 'user_id', 'anchor_id', 'anchorId']);
const UNKNOWN_ID = 'Z9999';
const TEN_KB = 'x'.repeat(10 * 1024);
const WRONG_TYPES: unknown[] = [{ nested: 1 }, [1, 2], true, null, -1, 1.5, 'not-a-number', ''];

interface Case {
  name: string;
  send(client: Client): Promise<Answer>;
  /** The field the errmsg should name, when the case breaks one field. */
  field?: string;
  /** Unknown ids pass the schema and are refused by the domain instead. */
  unknownId?: boolean;
}

function shapeOf(route: ApiRoute): Record<string, z.ZodType> {
  return route.schema instanceof z.ZodObject ? (route.schema.shape as Record<string, z.ZodType>) : {};
}

function casesFor(route: ApiRoute): Case[] {
  const path = route.path;
  const cases: Case[] = [
    { name: 'JSON that does not parse', send: (c) => c.raw(path, '{"userid": "A20', 'application/json') },
    { name: 'a JSON array', send: (c) => c.raw(path, '["A2001"]', 'application/json') },
    { name: 'a JSON string', send: (c) => c.raw(path, '"A2001"', 'application/json') },
    { name: 'JSON null', send: (c) => c.raw(path, 'null', 'application/json') },
    { name: 'a JSON number', send: (c) => c.raw(path, '42', 'application/json') },
    { name: 'prototype poisoning', send: (c) => c.raw(path, '{"__proto__": {"x": 1}}', 'application/json') },
    { name: 'an unsupported content type', send: (c) => c.raw(path, 'userid=A2001', 'text/plain') },
    {
      name: 'a body over the limit',
      send: (c) => c.raw(path, `{"a":"${'y'.repeat(70 * 1024)}"}`, 'application/json'),
    },
  ];
  const shape = shapeOf(route);
  const fields = Object.keys(shape);
  const base = Object.fromEntries(fields.map((f) => [f, VALID_BY_PATH[path]?.[f] ?? VALID[f] ?? 'x']));
  if (path === Api.memberLogin) base.userid = 'M1001';
  for (const field of fields) {
    for (const wrong of WRONG_TYPES) {
      // A value the schema takes is not a wrong type for this field ('' is fine for an optional token...).
      if (shape[field]?.safeParse(wrong).success) continue;
      cases.push({
        name: `${field} as ${JSON.stringify(wrong)}`,
        field,
        send: (c) => c.json(path, { ...base, [field]: wrong }),
      });
    }
    cases.push({
      name: `${field} repeated in a form`,
      field,
      send: (c) => c.form(path, { ...base, [field]: [String(base[field]), String(base[field])] }),
    });
    cases.push({ name: `${field} of 10 KB`, field, send: (c) => c.form(path, { ...base, [field]: TEN_KB }) });
    if (!shape[field]?.safeParse(undefined).success) {
      const { [field]: _, ...rest } = base;
      cases.push({ name: `${field} missing`, field, send: (c) => c.form(path, rest) });
    }
    if (ID_FIELDS.has(field)) {
      cases.push({
        name: `${field} unknown`,
        unknownId: true,
        send: (c) => c.form(path, { ...base, [field]: UNKNOWN_ID }),
      });
    }
  }
  return cases;
}

async function snapshot() {
  const money = await member.call<MoneyData>(Api.getAllMoney);
  const own = await member.call<OwnUserInfo>(Api.getOwnUserInfo);
  const config = await member.call<UserConfig>(Api.getUserConfig);
  const { list } = await member.call<AnchorListData>(Api.getAnchorList, { start: 0, step: 100 });
  const follows = list.filter((c) => c.is_follow === 1).map((c) => c.userid);
  return { money, own, config, follows };
}

it('every route answers malformed payloads with a nonzero errno and a clear errmsg, and changes nothing', async () => {
  const before = await snapshot();
  expect(before.money).toEqual({ credit: 120.5, poststamp: 12 });
  expect(before.follows.length).toBeGreaterThan(0);
  expect(apiRoutes.length).toBeGreaterThanOrEqual(16);
  let checked = 0;
  for (const route of apiRoutes) {
    // Each route is called by the role it serves, so the payload is what gets refused.
    const caller = route.auth === 'lady' ? lady : member;
    for (const testCase of casesFor(route)) {
      const label = `${route.path}: ${testCase.name}`;
      const answer = await testCase.send(caller);
      expect(answer.status, label).toBeLessThan(500);
      expect(answer.body.errno, label).not.toBe(0);
      expect(answer.body.errmsg, label).toEqual(expect.any(String));
      expect(answer.body.errmsg.length, label).toBeGreaterThan(10);
      expect(answer.body.data, label).toBeNull();
      if (testCase.field) {
        expect(answer.body.errno, label).toBe(Errno.INVALID_PARAMS);
        expect(answer.body.errmsg, label).toContain(testCase.field);
      }
      if (testCase.unknownId) {
        expect([Errno.NOT_FOUND, Errno.WRONG_CREDENTIALS], label).toContain(answer.body.errno);
      }
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(150);
  // Still logged in, and nothing moved.
  expect(await snapshot()).toEqual(before);
});
