/**
 * A virtual gift with a letter: his backpack first, the rest one ledger charge keyed by the send
 * (20 sends at once give once), shown in the letter both ways and on her Gifts card; a room gift's
 * refusals and short credit send nothing. Runs on PGlite, or on PostgreSQL with DATABASE_URL set.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import { GiftErrno } from '../../../protocol/gifts/gifts';
import { type LetterGift, MailApi, type MailDetail } from '../../../protocol/mail/mail';
import {
  type ReceivedRoomGifts,
  ROOM_GIFT_EVENT,
  RoomGiftApi,
} from '../../../protocol/room-gifts/room-gifts';
import { startServer, type TestServer, type TestSocket } from '../harness';
import { membersLikeM1001 } from '../live/live-support';

const ANCHOR = 'A2001';
let server: TestServer;
const sockets: TestSocket[] = [];
let keys = 0;

beforeAll(async () => {
  server = await startServer({});
  await membersLikeM1001(server, ['M9301', 'M9302']);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

const hundredths = async (userid: string) => {
  const [row] = await server.db.query<{ credit: unknown }>('SELECT credit FROM members WHERE userid = $1', [
    userid,
  ]);
  return Number(row?.credit);
};
const stamps = async (userid: string) => {
  const [row] = await server.db.query<{ poststamp: unknown }>(
    'SELECT poststamp FROM members WHERE userid = $1',
    [userid],
  );
  return Number(row?.poststamp ?? 0);
};
const send = async (userid: string, fields: Record<string, string | number>) =>
  (await server.sessionOf(userid)).form<{ emf_id: string; credit: number }>(MailApi.sendEmf, {
    anchor_id: ANCHOR,
    content: 'A little something for you.',
    key: `gift${Date.now()}x${++keys}`,
    click_type: 2,
    ...fields,
  });

it('20 sends with one key: one letter, the backpack first, one charge; she sees the gift', async () => {
  const lady = await server.sessionOf(ANCHOR);
  const socket = await server.socketFor(lady);
  sockets.push(socket);
  const member = await server.sessionOf('M9301');
  const before = await hundredths('M9301');
  const fields = {
    anchor_id: ANCHOR,
    content: 'Roses for you.',
    key: 'letter-gift-20',
    click_type: 2,
    gift_id: 'G106',
    gift_num: 3,
  };
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => member.form<{ emf_id: string }>(MailApi.sendEmf, fields)),
  );
  expect(answers.every((a) => a.body.errno === 0)).toBe(true);
  const ids = new Set(answers.map((a) => a.body.data?.emf_id));
  expect(ids.size).toBe(1);
  const emfId = answers[0]?.body.data?.emf_id ?? '';
  // The mail in credits (0.80) and one Rose (0.06): his package's 2 Roses paid the rest.
  expect(await hundredths('M9301')).toBe(before - 80 - 6);
  const [row] = await server.db.query<{ n: unknown }>(
    `SELECT count(*) AS n FROM ledger WHERE user_id = 'M9301' AND reason = 'letter_gift'`,
  );
  expect(Number(row?.n)).toBe(1);

  const gift: LetterGift = { giftid: 'G106', name: 'Rose', small_imgurl: '/media/gift/G106.svg', num: 3 };
  const mine = await member.call<MailDetail>(MailApi.getEmfDetail, { emf_id: emfId });
  expect(mine.gift).toEqual(gift);
  const hers = await lady.call<{ gift: LetterGift | null }>(MailApi.ladyReadMail, { emf_id: emfId });
  expect(hers.gift).toEqual(gift);
  const received = await lady.call<ReceivedRoomGifts>(RoomGiftApi.getReceivedRoomGifts);
  expect(received.list.filter((g) => g.from_id === 'M9301')).toEqual([
    expect.objectContaining({ giftid: 'G106', num: 3, from_backpack: 2, credit: 0.06, source: 'letter' }),
  ]);
  await socket.waitFor(
    (m) => m.route === ROOM_GIFT_EVENT && (m.req_data as { room_id?: string }).room_id === emfId,
  );
});

it('a limited gift, her not taking gifts, or short credit: nothing is sent or charged', async () => {
  const before = { credit: await hundredths('M9302'), stamps: await stamps('M9302') };
  expect((await send('M9302', { gift_id: 'G111', gift_num: 1 })).body.errno).toBe(GiftErrno.LIMITED);
  expect((await send('M9302', { gift_id: 'G999', gift_num: 1 })).body.errno).toBe(GiftErrno.UNKNOWN_GIFT);
  await server.db.query('UPDATE members SET credit = 100 WHERE userid = $1', ['M9302']);
  // 0.80 for the mail is there; 3 Teddy Bears (4.50) are not.
  const short = await send('M9302', { gift_id: 'G107', gift_num: 3 });
  expect(short.body.errno).toBe(Errno.NO_CREDIT);
  expect(await hundredths('M9302')).toBe(100);
  const [row] = await server.db.query<{ n: unknown }>(
    `SELECT count(*) AS n FROM mail WHERE member_id = 'M9302'`,
  );
  expect(Number(row?.n)).toBe(0);
  expect(await stamps('M9302')).toBe(before.stamps);
});
