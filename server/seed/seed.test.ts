import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NICKNAME_MAX } from '../../protocol/constants';
import { createRepositories } from '../repositories';
import { ageOn, birthdayTip } from '../storage/birthday';
import type { AnchorRecord, Db } from '../storage/contract';
import { openDatabase } from '../storage/open';
import { verifyPassword } from '../storage/passwords';
import { DEMO_PASSWORD, seedDemoData } from '.';
import { demoAnchors } from './anchors';

const now = new Date('2026-03-10T12:00:00Z');
const TABLES = ['users', 'members', 'anchors', 'follows', 'gifts', 'shows', 'tickets', 'settings'];
let dataDir: string;
let db: Db;
let anchors: AnchorRecord[];

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    result[table] = Number(row?.n);
  }
  return result;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'glimmer-seed-'));
  db = await openDatabase({ dataDir });
  const first = await seedDemoData(db, { now });
  expect(first.seeded).toBe(true);
  const rows = await db.query<{ userid: string }>('SELECT userid FROM anchors ORDER BY userid');
  const repos = createRepositories(db);
  anchors = await Promise.all(rows.map(async (r) => (await repos.anchors.find(r.userid)) as AnchorRecord));
}, 120_000);

afterAll(async () => {
  await db?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('seedDemoData', () => {
  it('is idempotent: a second run, even at another time, changes nothing', async () => {
    const before = await counts();
    // M1008 is live chat's story member (server/seed/livechat.ts); M1010 the gift package's.
    expect(before).toMatchObject({ users: 79, members: 15, anchors: 64, gifts: 16 });
    const again = await seedDemoData(db, { now: new Date(now.getTime() + 86_400_000) });
    expect(again.seeded).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('is deterministic apart from dates placed around the seed time', () => {
    const strip = (list: ReturnType<typeof demoAnchors>) =>
      list.map(({ birthday: _b, joinedAt: _j, ...rest }) => rest);
    expect(strip(demoAnchors(now))).toEqual(strip(demoAnchors(new Date('2027-08-01T00:00:00Z'))));
  });

  it('has broadcasters A2001..A2064 in sequence with realistic profiles', () => {
    expect(anchors.map((a) => a.userid)).toEqual(Array.from({ length: 64 }, (_, i) => `A${2001 + i}`));
    expect(anchors.filter((a) => a.nickname.length > NICKNAME_MAX).length).toBeGreaterThanOrEqual(3);
    expect(new Set(anchors.map((a) => a.country)).size).toBeGreaterThanOrEqual(7);
    for (const anchor of anchors) {
      // Ages as of the seed time: the stored age counts on from the real date, past a birthday.
      const seededAge = ageOn(anchor.birthday, now);
      expect(seededAge).toBeGreaterThanOrEqual(22);
      expect(seededAge).toBeLessThanOrEqual(45);
      expect(anchor.interests.length).toBeGreaterThanOrEqual(3);
      expect(anchor.interests.length).toBeLessThanOrEqual(6);
      expect(anchor.interests.every((id) => id >= 1 && id <= 12)).toBe(true);
      const sentences = anchor.introduction.split(/(?<=\.)\s/).length;
      expect(sentences).toBeGreaterThanOrEqual(2);
      expect(sentences).toBeLessThanOrEqual(4);
      expect(anchor.photourl).toBe(`/media/portrait/${anchor.userid}.svg`);
      expect(anchor.coverurl).toBe(`/media/cover/${anchor.userid}.svg`);
      expect(anchor.priv).toMatchObject({ flower_sent: 1, priv_mb_h5_show_gift: 1 });
    }
    expect(new Set(anchors.map((a) => a.introduction)).size).toBeGreaterThan(55);
  });

  it('has the states and privileges the product screens need', () => {
    const live = anchors.filter((a) => a.state === 'live');
    const online = anchors.filter((a) => a.state === 'online');
    const offline = anchors.filter((a) => a.state === 'offline');
    expect(live).toHaveLength(12);
    expect(online).toHaveLength(20);
    expect(
      live.every((a) => a.publicRoomId === `PR${a.userid.slice(1)}` && [1, 3].includes(a.roomType)),
    ).toBe(true);
    expect(online.filter((a) => a.priv.oneonone === 1).length).toBeGreaterThanOrEqual(15);
    expect(offline.some((a) => a.priv.booking === 1)).toBe(true);
    expect(offline.some((a) => a.priv.booking === 0 && a.accountStatus === 1)).toBe(true);
    const booking = anchors.filter((a) => a.priv.booking === 1).length;
    expect(booking).toBeGreaterThan(20);
    expect(booking).toBeLessThan(44);
    expect(anchors.some((a) => a.priv.hangout === 1)).toBe(true);
    expect(anchors.some((a) => a.priv.call_instant === 1)).toBe(true);
    expect(anchors.some((a) => a.priv.call_schedule === 1)).toBe(true);
    expect(anchors.filter((a) => a.anchorType === 2)).toHaveLength(6);
    expect(anchors.filter((a) => a.isFeatured)).toHaveLength(10);
    expect(new Set(anchors.map((a) => a.hotScore)).size).toBeGreaterThan(50);
    expect(anchors.filter((a) => a.accountStatus === 3).map((a) => a.userid)).toEqual(['A2064']);
  });

  it('makes A2001 online with one-on-one and booking, and A2002 live in a public room', () => {
    const [a2001, a2002] = anchors;
    expect(a2001).toMatchObject({ state: 'online', priv: { oneonone: 1, booking: 1 } });
    expect(a2002).toMatchObject({ state: 'live', publicRoomId: 'PR2002' });
  });

  it('gives a few broadcasters a birthday tip at seed time, at least one today', () => {
    const tips = anchors.map((a) => birthdayTip(a.birthday, now));
    expect(tips.filter((t) => t === 2).length).toBeGreaterThanOrEqual(1);
    expect(tips.filter((t) => t === 1).length).toBeGreaterThanOrEqual(2);
    expect(tips.filter((t) => t !== 0).length).toBeLessThanOrEqual(8);
  });

  it('has the demo members with their balances, privileges and follows', async () => {
    const repos = createRepositories(db);
    const m1001 = await repos.members.find('M1001');
    expect(m1001).toMatchObject({ creditHundredths: 12_050, poststamp: 12, chatmin: 45, isPaidMember: true });
    expect(Object.values(m1001?.priv ?? {}).every((v) => v === 1)).toBe(true);
    const m1002 = await repos.members.find('M1002');
    expect(m1002).toMatchObject({ creditHundredths: 320, poststamp: 0, chatmin: 0, isPaidMember: false });
    expect(m1002?.priv).toMatchObject({ chatmin: 0, oneonone: 0, say_hi: 1, public: 1 });
    for (const id of ['M1003', 'M1004', 'M1005']) expect(await repos.members.find(id)).toBeDefined();
    const followed = await repos.follows.followed('M1001', ['A2003', 'A2005', 'A2008', 'A2004']);
    expect(followed).toEqual(new Set(['A2003', 'A2005', 'A2008']));
  });

  it('lets every demo login use the demo password', async () => {
    const repos = createRepositories(db);
    for (const id of ['M1001', 'M1002', 'A2001', 'A2002']) {
      const user = await repos.users.find(id);
      expect(await verifyPassword(DEMO_PASSWORD, user?.passwordHash ?? '')).toBe(true);
    }
    // One hash at the full argon2id cost serves every demo account (their password is published).
    const [row] = await db.query<{ n: number; hash: string }>(
      'SELECT count(DISTINCT password_hash)::int AS n, min(password_hash) AS hash FROM users',
    );
    expect(row?.n).toBe(1);
    expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('has the gift catalogue with the new-user gift package exactly', async () => {
    const gifts = await createRepositories(db).gifts.all();
    const pack = gifts.filter((g) => g.newUserNum > 0).map((g) => [g.name, g.creditHundredths, g.newUserNum]);
    expect(pack).toEqual([
      ['Marry Me', 2000, 1],
      ['First Sight Love', 600, 1],
      ['Fancy Car', 700, 1],
      ['Heart', 2, 2],
      ['Kiss', 40, 2],
      ['Rose', 6, 2],
    ]);
    expect(gifts.every((g) => g.imgurl === `/media/gift/${g.giftid}.svg`)).toBe(true);
  });

  it('puts the gift package, its pop-up seen, in every demo backpack but M1010', async () => {
    const rows = await db.query<{ user_id: string; shown: boolean }>(
      'SELECT user_id, shown_at IS NOT NULL AS shown FROM gift_packages ORDER BY user_id',
    );
    const members = await db.query<{ userid: string }>('SELECT userid FROM members ORDER BY userid');
    // Every member but M1010, the operator (M9001) and the live-chat story's member included.
    expect(rows.map((r) => r.user_id)).toEqual(members.map((m) => m.userid).filter((id) => id !== 'M1010'));
    expect(rows.map((r) => r.user_id)).toEqual(expect.arrayContaining(['M1001', 'M1008', 'M9001']));
    expect(rows.every((r) => r.shown)).toBe(true);
    const [items] = await db.query<{ n: unknown }>(
      "SELECT count(*) AS n FROM backpack_items WHERE user_id = 'M1001' AND kind = 'gift'",
    );
    expect(Number(items?.n)).toBe(6);
  });

  it('has shows in every state around the seed time', async () => {
    const rows = await db.query<{ anchor_id: string }>('SELECT DISTINCT anchor_id FROM shows');
    const repos = createRepositories(db);
    const shows = (await Promise.all(rows.map((r) => repos.shows.byAnchor(r.anchor_id)))).flat();
    const minutes = (s: (typeof shows)[number]) => (s.startTime.getTime() - now.getTime()) / 60_000;
    const upcoming = shows.filter((s) => s.status === 1);
    expect(upcoming.some((s) => minutes(s) > 0 && minutes(s) <= 4)).toBe(true);
    expect(upcoming.some((s) => minutes(s) === 30)).toBe(true);
    expect(upcoming.some((s) => minutes(s) < 0)).toBe(true);
    expect(upcoming.filter((s) => minutes(s) > 120).length).toBeGreaterThanOrEqual(4);
    expect(shows.some((s) => s.status === 3)).toBe(true);
    expect(shows.some((s) => s.status === 4)).toBe(true);
    expect(shows.some((s) => s.status === 5)).toBe(true);
    expect(upcoming.some((s) => s.ticketsSold === s.capacity && minutes(s) > 60)).toBe(true);
    expect(shows.every((s) => s.cover === `/media/show/${s.liveShowId}.svg`)).toBe(true);
    const tickets = await db.query<{ live_show_id: string; status: number; show_status: number }>(
      `SELECT t.live_show_id, t.status, s.status AS show_status FROM tickets t
       JOIN shows s USING (live_show_id) WHERE t.member_id = 'M1001'`,
    );
    expect(tickets).toContainEqual({ live_show_id: 'LS3008', status: 2, show_status: 5 });
    expect(tickets.some((t) => t.status === 1 && t.show_status === 1)).toBe(true);
    const full = shows.find((s) => s.ticketsSold === s.capacity && s.status === 1);
    const m1002 = await db.query(`SELECT 1 FROM tickets WHERE member_id = 'M1002'`);
    expect(full).toBeDefined();
    expect(m1002).toHaveLength(0);
  });
});
