/**
 * Walks THE ROUTE REGISTRY and posts malformed payloads to every route: bodies that do not parse,
 * wrong content types, oversized bodies, and per field wrong types, missing values, 10 KB strings
 * and unknown ids. Every answer is an envelope with a nonzero errno and a clear errmsg, never a
 * 500, and nothing changes.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AccountApi } from '../../protocol/account/account';
import { AdvertApi } from '../../protocol/adverts/adverts';
import { BookingApi } from '../../protocol/bookings/booking';
import { CallServiceApi } from '../../protocol/call-service/call-service';
import { CareApi } from '../../protocol/care/care';
import { SearchApi } from '../../protocol/discover/search';
import { EarningsApi } from '../../protocol/earnings/earnings';
import { Errno, Messages } from '../../protocol/errors';
import { FlowerApi } from '../../protocol/flowers/flowers';
import { HangoutApi } from '../../protocol/hangouts/hangout';
import { LiveApi } from '../../protocol/live/live';
import { RoomModerationApi } from '../../protocol/live/room-moderation';
import { LiveChatApi } from '../../protocol/livechat/livechat';
import { MailApi } from '../../protocol/mail/mail';
import { MessageApi, type SendPrivateMessageAnswer } from '../../protocol/messages/messages';
import { NewsApi } from '../../protocol/news/news';
import { Api } from '../../protocol/paths';
import { PaymentApi } from '../../protocol/payments/payments';
import { ProfileApi } from '../../protocol/profile/profile';
import { SettingsApi } from '../../protocol/profile/settings';
import { PushApi } from '../../protocol/push/push';
import { InviteApi, RequestRoute } from '../../protocol/realtime';
import { RideApi } from '../../protocol/rides/rides';
import { RoomGiftApi } from '../../protocol/room-gifts/room-gifts';
import { SafetyApi } from '../../protocol/safety/safety';
import { SayHiApi } from '../../protocol/sayhi/sayhi';
import { CONTROL_CHARS_REFUSED } from '../../protocol/schema-parts';
import { ShowApi } from '../../protocol/shows/shows';
import { SocketRoute } from '../../protocol/socket';
import type { AnchorListData, MoneyData, OwnUserInfo, UserConfig } from '../../protocol/types';
import { VoucherAnchorApi } from '../../protocol/vouchers/voucher-anchors';
import { type ApiRoute, defineRoute } from '../../server/http/route';
import { apiRoutes } from '../../server/routes';
import { type Answer, type Client, startServer, type TestServer } from './harness';

/** A call whose schema forgets the shared text part: the plumbing still refuses control characters. */
const echo = defineRoute({
  path: '/share/v1/testEcho',
  auth: 'none',
  schema: z.object({ note: z.string() }).loose(),
  async handler(_ctx, body) {
    return body;
  },
});

let server: TestServer;
let member: Client;
let lady: Client;
beforeAll(async () => {
  // M1001 is an operator here, so the operator call's payloads are what gets refused.
  server = await startServer({ extraRoutes: [echo], config: { operatorIds: ['M1001'] } });
  member = await server.loginAs('M1001');
  lady = await server.loginAs('A2001');
});
afterAll(async () => {
  await server?.close();
});

/** A description that passes the schema; the SFU is what judges it further. */
const MINIMAL_SDP = 'v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n';
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
  use_backpack: 1,
  // The calls she takes.
  call_instant: 1,
  call_schedule: 1,
  // Phone verification.
  country: 'France',
  area_code: '33',
  phone_no: '612345678',
  verify_code: '123456',
  days: 3,
  // Shows and tickets.
  live_show_id: 'LS3002',
  cancel: 0,
  sort_type: 1,
  show_title: 'x',
  show_introduce: 'x',
  start_time: 1_900_000_000,
  duration: 30,
  price: 1,
  ticket_num: 5,
  // Say Hi.
  greeting: 0,
  theme: 0,
  sayid: 'SHx',
  response: 'x',
  // Mail.
  click_type: 0,
  kind: 'emf',
  media: '',
  // Live rooms: a connection and a room that do not exist, a description the SFU judges.
  viewer_id: '6f9c3c1e-3c1b-4d7a-9a51-0c8f3f1d2b7e',
  sdp: MINIMAL_SDP,
  // His room's picture quality.
  quality: 'sd',
  room_id: 'PVnothing',
  service_type: '2',
  live_last_verify_room_type: 1,
  ref_id: 'nothing-here',
  // Live-chat invitations: a chat invite; a block lifted.
  invite_type: 0,
  block: 0,
  // Live chat: the broadcaster a history is with; a chat that does not exist.
  with_id: 'A2001',
  before_id: 0,
  chat_id: 'LC00000000-0000-0000-0000-000000000000',
  // The speed test: a page's series and a probe's milliseconds.
  sid: 'fuzz-series-1',
  res: 120,
  // A socket failure's report: the service that failed.
  service: 1,
  // Discover's search: an age range the right way round.
  age_min: 20,
  age_max: 40,
  // A paid room's price not confirmed: such a room answers with its price and charges nothing.
  price_ok: '0',
  // The call service: a request that does not exist, a time of the right shape, a stand-in leg.
  ref_no: 'CO0000000000000000',
  scheduled_time: 1_900_000_000,
  phone_type: 1,
  redial: 0,
  call_type: 1,
  man_id: 'M1002',
  leg_id: 'L0000000000000000',
  digit: '1',
};
/** Valid values that differ by route. */
const VALID_BY_PATH: Record<string, Record<string, string | number>> = {
  // Account: an email and a birthday of the right shape.
  [AccountApi.register]: { email: 'fuzz@example.com', birthday: '1990-01-01' },
  [AccountApi.changeEmail]: { email: 'fuzz@example.com' },
  [AccountApi.requestPasswordReset]: { email: 'fuzz@example.com' },
  [InviteApi.handleBooking]: { type: 1 },
  [ShowApi.myTicketList]: { type: 1 },
  [SayHiApi.getSayHiList]: { type: 'all' },
  [Api.unlockAccount]: { code: '123456' },
  // A gift in her room: a catalogue gift, an offered quantity and a key of the right shape.
  [RoomGiftApi.sendRoomGift]: { gift_id: 'G105', num: 1, key: 'fuzz-room-gift-key', use_backpack: 1 },
  // A ride from the shop: an offer and a key of the right shape.
  [RideApi.buyRide]: { offer_id: 'RIDE-CAR-7', key: 'fuzz-ride-key' },
  [Api.setAccountStatus]: { account_status: 1 },
  // Profile and settings: choices and a step in range, channels by name.
  [ProfileApi.saveMemberProfile]: { living: 1, marry: 1, step: 1, birthday: '1980-01-01', hobbies: '1' },
  [SettingsApi.saveMemberSettings]: {
    livechat_switch: 1,
    livechat_accept: 1,
    livechat_send: 1,
    hide_online: 0,
    hide_profile: 0,
    alert_invite: 'push',
    alert_show: 'push',
    alert_mail: 'email',
    alert_online: 'push',
  },
  // Live rooms: a description that is not SDP is refused by the SFU, not only by the schema.
  [LiveApi.watch]: { type: 'public', isauto: '0', roomid: '', anchor_inviteid: '' },
  [LiveApi.goLive]: { room_type: 1 },
  // Room moderation: a member to act on, a ban's scope, a slow mode that is offered.
  [RoomModerationApi.ban]: { user_id: 'M1009', scope: 'session' },
  [RoomModerationApi.mute]: { user_id: 'M1009', mute: 0 },
  [RoomModerationApi.remove]: { user_id: 'M1009' },
  [RoomModerationApi.unban]: { user_id: 'M1009' },
  [RoomModerationApi.slowMode]: { seconds: 0 },
  [RoomModerationApi.his]: { anchor_id: 'A2001' },
  // Her earnings: since a moment in milliseconds.
  [EarningsApi.mine]: { since: 1_764_000_000_000 },
  [PaymentApi.createOrder]: { pack_id: 'credits_10', return_url: '/nx/page/Payment/checkout' },
  // Shots: a list type and a shot type that exist; no shot named on a plain message.
  [Api.getDynamic]: { type: 1 },
  [Api.ladyAddDynamic]: { type: 3, is_private: 0, is_show_profile: 1 },
  [MessageApi.sendPrivateMessage]: { dynamics_id: '' },
  // Around the profile: a page type that exists.
  [Api.getPageRecommendAnchorList]: { type: 1 },
  [Api.getUserFollowList]: { anchorids: 'A2001' },
  [Api.getRelation]: { userid: 'M1001' },
  // Live chat's setStatus: the voucher list, naming a broadcaster all the same.
  [LiveChatApi.setStatus]: { action: 'getChatVoucherList', womanid: 'A2001', servertype: 0, from: 'list' },
  // Customer care and news: a thread that does not exist, a category, a page and a status that do.
  [CareApi.create]: { category: 'other', upload_id: 'Snothing00' },
  [CareApi.reply]: { thread_id: 999999, upload_id: 'Snothing00' },
  [CareApi.thread]: { thread_id: 999999 },
  [CareApi.operatorList]: { status: 'open' },
  // Discover's search: online now, new or not.
  [SearchApi.searchAnchorList]: { status: 2, is_new: 0 },
  [CareApi.operatorThread]: { thread_id: 999999 },
  [CareApi.operatorReply]: { thread_id: 999999 },
  [CareApi.operatorClose]: { thread_id: 999999 },
  [NewsApi.page]: { slug: 'special6' },
  [NewsApi.operatorSave]: { slug: 'special6', published: 1, image_url: '/x.png' },
  [SafetyApi.report]: { reason: 'other' },
  [SafetyApi.operatorHandle]: { report_id: 999999 },
  // Flowers: a checkout key and a confirmed total of the right shape.
  [FlowerApi.checkout]: { order_key: 'fuzzkey0001', total: 1 },
  [FlowerApi.operatorAdvance]: { status: 'preparing' },
  [FlowerApi.operatorDeliveryList]: { status: 'open' },
  // Adverts: a page, an advert's status, an edit with a link and one of the drawn creatives.
  [AdvertApi.retrieveBanner]: { page_id: 6 },
  [AdvertApi.operatorStatus]: { status: 1 },
  [AdvertApi.operatorSave]: { url_type: 1, url: '/home', img: '/adverts/B0020.svg', scenes: '', pages: '' },
  // Vouchers: a list's tag, a promotion's type and size.
  [VoucherAnchorApi.getCouponAnchorList]: { bq_id: 0 },
  [VoucherAnchorApi.getPromoAnchorList]: { type: 0, number: 3 },
  // Her call settings: a number and hours of the right shape.
  [CallServiceApi.ladySaveSettings]: {
    area_code: '44',
    phone_no: '7700900299',
    need_translator: 0,
    call_hours: '9',
  },
  [CallServiceApi.callMeList]: { status: 'all' },
  // Hang-outs: a hang-out room's id (one that is not open).
  ...Object.fromEntries(
    Object.values(HangoutApi).map((path) => [path, { room_id: 'HGnothing', invite_id: 'Hnothing' }]),
  ),
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
    // A repeated field is refused, unless the field is a list (getUserFollowList's anchorids).
    const twice = [String(base[field]), String(base[field])];
    if (!shape[field]?.safeParse(twice).success)
      cases.push({
        name: `${field} repeated in a form`,
        field,
        send: (c) => c.form(path, { ...base, [field]: twice }),
      });
    cases.push({ name: `${field} of 10 KB`, field, send: (c) => c.form(path, { ...base, [field]: TEN_KB }) });
    if (!shape[field]?.safeParse(undefined).success) {
      const { [field]: _, ...rest } = base;
      cases.push({ name: `${field} missing`, field, send: (c) => c.form(path, rest) });
    }
    // The unlock-code call answers alike for every id, so it tells a stranger nothing.
    if (ID_FIELDS.has(field) && path !== Api.sendUnlockCode) {
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
        // An unlock code for nobody is a wrong code (the answer says nothing of the id); an id that
        // must be the caller's own (getRelation's userid) is forbidden whoever it names.
        expect(
          [Errno.NOT_FOUND, Errno.WRONG_CREDENTIALS, Errno.PHONE_CODE_WRONG, Errno.FORBIDDEN],
          label,
        ).toContain(answer.body.errno);
      }
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(150);
  // Still logged in, and nothing moved.
  expect(await snapshot()).toEqual(before);
});

describe('control characters', () => {
  const NUL = 'a\u0000b';
  const refused = (field: string) => ({
    errno: Errno.INVALID_PARAMS,
    errmsg: `${Messages.invalidParams} (${field}: ${CONTROL_CHARS_REFUSED})`,
    data: null,
  });

  it('are refused in every text field, naming it, and nothing is stored', async () => {
    const before = await server.db.query('SELECT count(*)::int AS n FROM private_messages');
    const cases: [Client, string, Record<string, string | number>, string][] = [
      [member, MessageApi.sendPrivateMessage, { to_id: 'A2001', content: NUL }, 'content'],
      [member, MessageApi.sendPrivateMessage, { to_id: 'A2001', content: 'bell \u0007' }, 'content'],
      [member, MailApi.sendEmf, { anchor_id: 'A2001', content: 'x\u001b[31m', key: 'k-controls' }, 'content'],
      [lady, MailApi.ladySendMail, { man_id: 'M1001', content: 'del \u007f' }, 'content'],
      [lady, ShowApi.createShow, { show_title: `Show ${NUL}`, start_time: 1, duration: 30 }, 'show_title'],
      [
        member,
        BookingApi.phoneVerifyCode,
        { country: NUL, area_code: '33', phone_no: '612345678' },
        'country',
      ],
      [member, PushApi.status, { endpoint: `https://fcm.googleapis.com/${NUL}` }, 'endpoint'],
      [member, Api.memberLogin, { userid: 'M1001', password: `demo1234${NUL}` }, 'password'],
      [member, MessageApi.sendPrivateMessage, { to_id: 'A2001', content: 'c1 \u0085' }, 'content'],
    ];
    for (const [client, path, fields, field] of cases) {
      expect((await client.form(path, fields)).body, path).toEqual(refused(field));
      expect((await client.json(path, fields)).body, `${path} (JSON)`).toEqual(refused(field));
    }
    expect(await server.db.query('SELECT count(*)::int AS n FROM private_messages')).toEqual(before);
  });

  it('are refused by the plumbing in a route whose schema forgets them, at any depth and in field names', async () => {
    expect((await member.json(echo.path, { note: NUL })).body).toEqual(refused('note'));
    expect((await member.json(echo.path, { note: 'x', more: { list: ['ok', 'a\u0001'] } })).body).toEqual(
      refused('more.list.1'),
    );
    expect((await member.json(echo.path, { note: 'x', 'a\u0000': 1 })).body).toEqual(refused('a field name'));
  });

  it('leave text as people type it alone: line breaks, tabs, emoji and other scripts', async () => {
    const text = 'Hello\r\nsecond line\tend 😀👩‍👩‍👧 你好 مرحبا Привет ñ € “quotes”';
    expect((await member.json(echo.path, { note: text })).body).toEqual({
      errno: 0,
      errmsg: '',
      data: { note: text },
    });
    const sent = await lady.form<SendPrivateMessageAnswer>(MessageApi.sendPrivateMessage, {
      to_id: 'M1002',
      content: text,
    });
    expect(sent.body.errno).toBe(0);
    expect(sent.body.data.msg.content).toBe(text);
  });

  it('are refused in socket requests too, naming the field', async () => {
    const socket = await server.socket();
    const login = await socket.request(SocketRoute.login, { token: NUL });
    const { data: _, ...socketRefused } = refused('token');
    expect(login).toMatchObject(socketRefused);
    const member2 = await server.socketFor(member);
    const report = await member2.request(RequestRoute.anchorReport, { invite_id: 'x', note: ['\u0002'] });
    expect(report).toMatchObject({ ...socketRefused, errmsg: refused('note.0').errmsg });
    socket.close();
    member2.close();
  });
});
