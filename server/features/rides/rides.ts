/**
 * Rides (protocol/rides): the shop's offers bought for credits through the ledger (one charge per
 * key, in the transaction that puts the ride in his backpack), the active ride he chooses, and his
 * entrance announced to the room he enters.
 */
import { Errno, Messages } from '../../../protocol/errors';
import {
  type MyRide,
  RIDE_ENTRANCE_EVENT,
  RIDE_OFFERS,
  type RideBought,
  type RideEntrance,
  RideErrno,
  RideMessages,
  type RideShop,
} from '../../../protocol/rides/rides';
import { ApiError } from '../../core/errors';
import type { Notifier } from '../../realtime/deliver';
import type { Db } from '../../storage/contract';
import { toDate } from '../../storage/rows';
import { giftsRepository } from '../gifts';
import { creditOf, ledgerRepository, notifyCredit } from '../money';
import { roomGiftsRepository } from '../room-gifts';

export interface RideDeps {
  db: Db;
  notifier: Notifier;
}

interface RideRow {
  item_id: string;
  giftid: string;
  name: string;
  imgurl: string;
  expires_at: unknown;
  active: unknown;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const rideOf = (r: RideRow): MyRide => ({
  item_id: r.item_id,
  giftid: r.giftid,
  name: r.name,
  small_imgurl: r.imgurl,
  expires_at: seconds(toDate(r.expires_at)),
  active: r.active === true || r.active === 't' || r.active === 1 ? 1 : 0,
});

/** His rides held now (not expired), the active one marked. */
const RIDES_SQL = `SELECT b.item_id, b.giftid, g.name, g.imgurl, b.expires_at, (ar.item_id IS NOT NULL) AS active
  FROM backpack_items b JOIN gifts g ON g.giftid = b.giftid
  LEFT JOIN active_rides ar ON ar.user_id = b.user_id AND ar.item_id = b.item_id
 WHERE b.user_id = $1 AND b.kind = 'ride' AND b.quantity > 0 AND b.expires_at > now()`;

export class RideService {
  constructor(private readonly deps: RideDeps) {}

  async shop(memberId: string): Promise<RideShop> {
    const gifts = await giftsRepository(this.deps.db).all();
    const offers = RIDE_OFFERS.flatMap((o) => {
      const g = gifts.find((x) => x.giftid === o.giftid);
      return g
        ? [
            {
              offer_id: o.offer_id,
              giftid: o.giftid,
              name: g.name,
              small_imgurl: g.imgurl,
              days: o.days,
              credit: creditOf(o.hundredths),
            },
          ]
        : [];
    });
    return { offers, rides: await this.rides(memberId) };
  }

  private async rides(memberId: string, db: Db = this.deps.db): Promise<MyRide[]> {
    const rows = await db.query<RideRow>(`${RIDES_SQL} ORDER BY b.expires_at DESC, b.item_id`, [memberId]);
    return rows.map(rideOf);
  }

  /** Buys an offer: one charge per key; the first ride he holds becomes active. */
  async buy(memberId: string, offerId: string, key: string): Promise<RideBought> {
    const offer = RIDE_OFFERS.find((o) => o.offer_id === offerId);
    if (!offer) throw new ApiError(RideErrno.UNKNOWN_OFFER, RideMessages.unknownOffer);
    const itemId = `RIDE-${memberId}-${key}`;
    const ledgerKey = `ride:${memberId}:${key}`;
    const out = await this.deps.db.transaction(async (tx) => {
      await roomGiftsRepository(tx).lockMember(memberId);
      const [earlier] = await tx.query<{ giftid: string }>(
        'SELECT giftid FROM backpack_items WHERE item_id = $1',
        [itemId],
      );
      if (earlier) {
        const [entry] = await tx.query<{ delta: unknown }>('SELECT delta FROM ledger WHERE idem_key = $1', [
          ledgerKey,
        ]);
        if (earlier.giftid !== offer.giftid || Number(entry?.delta) !== -offer.hundredths)
          throw new ApiError(RideErrno.KEY_REUSED, RideMessages.keyReused);
        return { repeated: true, balance: undefined };
      }
      const moved = await ledgerRepository(tx).move({
        userId: memberId,
        delta: -offer.hundredths,
        reason: 'ride',
        ref: itemId,
        payee: null,
        key: ledgerKey,
      });
      if (moved.status === 'insufficient')
        throw new ApiError(Errno.NO_CREDIT, Messages.noCredit, {
          credit: creditOf(moved.balance),
          credit_needed: creditOf(offer.hundredths),
        });
      await tx.query(
        `INSERT INTO backpack_items (item_id, user_id, kind, giftid, quantity, expires_at)
         VALUES ($1, $2, 'ride', $3, 1, now() + make_interval(days => $4::int))`,
        [itemId, memberId, offer.giftid, offer.days],
      );
      // His first ride (or the first since his active one expired) is the one he shows.
      await tx.query(
        `INSERT INTO active_rides (user_id, item_id) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET item_id = EXCLUDED.item_id, chosen_at = now()
         WHERE NOT EXISTS (SELECT 1 FROM backpack_items b WHERE b.item_id = active_rides.item_id
                             AND b.quantity > 0 AND b.expires_at > now())`,
        [memberId, itemId],
      );
      return { repeated: false, balance: moved.entry.balanceAfter };
    });
    if (out.balance !== undefined) await notifyCredit(this.deps.notifier, memberId, out.balance);
    const ride = (await this.rides(memberId)).find((r) => r.item_id === itemId);
    if (!ride) throw new ApiError(RideErrno.NOT_HELD, RideMessages.notHeld);
    const [member] = await this.deps.db.query<{ credit: unknown }>(
      'SELECT credit FROM members WHERE userid = $1',
      [memberId],
    );
    return { ride, credit: creditOf(Number(member?.credit ?? 0)), repeated: out.repeated ? 1 : 0 };
  }

  /** Chooses the ride he shows ('' none): one he holds, not expired. */
  async setActive(memberId: string, itemId: string): Promise<RideShop> {
    const { db } = this.deps;
    if (!itemId) await db.query('DELETE FROM active_rides WHERE user_id = $1', [memberId]);
    else {
      const held = (await this.rides(memberId)).some((r) => r.item_id === itemId);
      if (!held) throw new ApiError(RideErrno.NOT_HELD, RideMessages.notHeld);
      await db.query(
        `INSERT INTO active_rides (user_id, item_id) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET item_id = EXCLUDED.item_id, chosen_at = now()`,
        [memberId, itemId],
      );
    }
    return this.shop(memberId);
  }

  /** He entered a live room: with an active ride, everyone in it hears his entrance. */
  async announce(e: { memberId: string; anchorId: string; roomId: string; audience: string[] }) {
    const [row] = await this.deps.db.query<RideRow & { nickname: string | null }>(
      `SELECT b.item_id, b.giftid, g.name, g.imgurl, b.expires_at, true AS active, u.nickname
         FROM active_rides ar JOIN backpack_items b ON b.item_id = ar.item_id
         JOIN gifts g ON g.giftid = b.giftid JOIN users u ON u.userid = ar.user_id
        WHERE ar.user_id = $1 AND b.quantity > 0 AND b.expires_at > now()`,
      [e.memberId],
    );
    if (!row) return;
    const notice: RideEntrance = {
      room_id: e.roomId,
      from_id: e.memberId,
      nickname: row.nickname ?? '',
      giftid: row.giftid,
      name: row.name,
      small_imgurl: row.imgurl,
    };
    const audience = new Set([e.anchorId, e.memberId, ...e.audience]);
    await Promise.all([...audience].map((u) => this.deps.notifier.deliver(u, RIDE_ENTRANCE_EVENT, notice)));
  }
}
