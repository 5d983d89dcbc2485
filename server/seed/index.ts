/**
 * Demo data, seeded once per database: broadcasters A2001..A2064, members M1001..M1007, follows,
 * the gift catalogue and shows in every state. Idempotent across reruns and across processes: a
 * settings marker, an advisory lock and ON CONFLICT DO NOTHING on every row.
 */

import type { Db } from '../storage/contract';
import { hashPassword } from '../storage/passwords';
import { seedAdvertViews } from './adverts';
import { seedAlbums } from './albums';
import { demoAnchors } from './anchors';
import { seedBackpacks } from './backpack';
import { seedCalls } from './calls';
import { seedFriends } from './friends';
import { DEMO_GIFTS } from './gifts';
import { seedHangouts } from './hangouts';
import { seedLiveChat } from './livechat';
import { seedMail } from './mail';
import { DEMO_FOLLOWS, DEMO_MEMBERS } from './members';
import { seedMessages } from './messages';
import { seedOffers } from './offers';
import { DEMO_OPERATOR_ID, insertDemoOperator, seedDemoOperator } from './operator';
import { seedPremiumVideos } from './premium-videos';
import { seedShots } from './shots';
import { demoShows } from './shows';
import { demoVouchers } from './vouchers';
import {
  insertAnchor,
  insertFollow,
  insertGift,
  insertMember,
  insertOpeningBalance,
  insertShow,
} from './write';

export const DEMO_PASSWORD = 'demo1234';
/** The logins the README and the start-up banner list. */
export const DEMO_LOGINS = {
  members: ['M1001', 'M1002'],
  operator: DEMO_OPERATOR_ID,
  broadcasters: ['A2001', 'A2002'],
  password: DEMO_PASSWORD,
};
export const SEED_MARKER_KEY = 'seed:demo';

export interface SeedOptions {
  /** The moment shows and birthdays are placed around; defaults to now. */
  now?: Date;
}

export interface SeedResult {
  /** False when the database had been seeded already (nothing changed). */
  seeded: boolean;
  ms: number;
}

async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM settings WHERE key = $1', [SEED_MARKER_KEY]);
  return rows.length > 0;
}

export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  if (await isSeeded(db)) {
    await seedDemoOperator(db, DEMO_PASSWORD);
    return { seeded: false, ms: performance.now() - started };
  }
  const now = options.now ?? new Date();
  const anchors = demoAnchors(now);
  // Demo accounts share a published password, so one hash at the full cost serves them all: the seed
  // stays fast, and checking a demo password takes as long as checking anyone's (no timing tell).
  // Made before the transaction so no lock is held meanwhile.
  const demoHash = await hashPassword(DEMO_PASSWORD);
  const seeded = await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('glimmer:seed'))`);
    // Another process may have finished seeding while this one hashed.
    if (await isSeeded(tx)) return false;
    for (const member of DEMO_MEMBERS) {
      await insertMember(tx, member, demoHash);
      await insertOpeningBalance(tx, member.userid, member.creditHundredths);
    }
    for (const anchor of anchors) await insertAnchor(tx, anchor, demoHash);
    await insertDemoOperator(tx, demoHash);
    for (const [memberId, anchorId] of DEMO_FOLLOWS) await insertFollow(tx, memberId, anchorId);
    // Broadcasters' friends (the profile's My Friends).
    await seedFriends(tx, anchors.length);
    for (const [index, gift] of DEMO_GIFTS.entries()) await insertGift(tx, gift, index + 1);
    for (const show of demoShows(now)) await insertShow(tx, show);
    for (const v of demoVouchers(now)) {
      await tx.query(
        `INSERT INTO vouchers (voucher_id, user_id, kind, expires_at, room_types) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (voucher_id) DO NOTHING`,
        [v.voucherId, v.userId, v.kind, v.expiresAt, v.roomTypes ?? null],
      );
    }
    // Private messages: robots, Intimacy experience and demo conversations.
    await seedMessages(tx);
    // Mail: demo mail and greeting mail.
    await seedMail(tx, now);
    // Live chat: free chat tickets and the live-chat story's member.
    await seedLiveChat(tx, now, demoHash);
    // The new-user gift package in every demo member's backpack but one (server/seed/backpack.ts),
    // once every demo member (the operator and the live-chat story's too) is in.
    await seedBackpacks(tx);
    // Ad pop-ups: seen by every demo member but the adverts story's (server/seed/adverts.ts).
    await seedAdvertViews(tx);
    await seedPremiumVideos(tx, anchors, now);
    // Hang-outs: A2001 and two friends with the privilege.
    await seedHangouts(tx);
    // The call service: A2001 and A2005 take calls; M1001 has a verified phone.
    await seedCalls(tx);
    // Every broadcaster's album: drawn photos and demo-clip videos.
    await seedAlbums(tx, anchors, now);
    // Every broadcaster's shots: drawn photos, the demo clip, text; one private.
    await seedShots(tx, anchors, now);
    // Offers: a holiday discount on for two broadcasters.
    await seedOffers(tx, now);
    // The voucher pop: every demo member but M1013 has been told of the vouchers he holds.
    await tx.query(`UPDATE members SET voucher_pop_seen_at = now() WHERE userid <> 'M1013'`);
    await tx.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
      SEED_MARKER_KEY,
      now.toISOString(),
    ]);
    return true;
  });
  return { seeded, ms: performance.now() - started };
}
