/**
 * Room gifts' rows (migration 044) and what a gift reads around them: the room he is in with her
 * (his open visit, live_sessions), who else is in it, his Intimacy with her, and the gifts of his
 * backpack (migration 043) an order uses. The writes run in the caller's transaction.
 */
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

export interface RoomGiftOrder {
  orderId: string;
  memberId: string;
  anchorId: string;
  roomId: string;
  giftid: string;
  num: number;
  creditPaid: number;
  fromBackpack: number;
  key: string;
  at: Date;
}

export interface ReceivedRow extends RoomGiftOrder {
  source: 'room' | 'booking' | 'letter';
  nickname: string;
  name: string;
  imgurl: string;
}

interface OrderRow {
  order_id: string;
  member_id: string;
  anchor_id: string;
  room_id: string;
  giftid: string;
  num: unknown;
  credit_paid: unknown;
  from_backpack: unknown;
  idem_key: string;
  created_at: unknown;
}

const COLUMNS =
  'r.order_id, r.member_id, r.anchor_id, r.room_id, r.giftid, r.num, r.credit_paid, r.from_backpack, r.idem_key, r.created_at';

const fromRow = (r: OrderRow): RoomGiftOrder => ({
  orderId: r.order_id,
  memberId: r.member_id,
  anchorId: r.anchor_id,
  roomId: r.room_id,
  giftid: r.giftid,
  num: toInt(r.num),
  creditPaid: toInt(r.credit_paid),
  fromBackpack: toInt(r.from_backpack),
  key: r.idem_key,
  at: toDate(r.created_at),
});

export function roomGiftsRepository(db: Db) {
  return {
    async byKey(key: string): Promise<RoomGiftOrder | undefined> {
      const [row] = await db.query<OrderRow>(`SELECT ${COLUMNS} FROM room_gifts r WHERE r.idem_key = $1`, [
        key,
      ]);
      return row && fromRow(row);
    },

    /**
     * The room of hers he is in now, if any: his newest open visit (her public, premium or show room,
     * a One-on-One, a hang-out she hosts), else his open live chat with her (its chat id).
     */
    async openRoom(memberId: string, anchorId: string): Promise<string | undefined> {
      const [row] = await db.query<{ room_id: string }>(
        `SELECT room_id FROM (
           SELECT room_id, 0 AS kind, started_at FROM live_sessions
            WHERE member_id = $1 AND anchor_id = $2 AND ended_at IS NULL
           UNION ALL
           SELECT chat_id, 1, started_at FROM livechat_sessions
            WHERE member_id = $1 AND anchor_id = $2 AND ended_at IS NULL
         ) open_rooms ORDER BY kind, started_at DESC LIMIT 1`,
        [memberId, anchorId],
      );
      return row?.room_id;
    },

    /**
     * Everyone in the room now besides her, on any process: the members with an open visit, the
     * friends a hang-out has seated, the member of a live chat.
     */
    async audienceOf(roomId: string): Promise<string[]> {
      const rows = await db.query<{ userid: string }>(
        `SELECT member_id AS userid FROM live_sessions WHERE room_id = $1 AND ended_at IS NULL
         UNION SELECT anchor_id FROM hangout_slots WHERE room_id = $1 AND anchor_id IS NOT NULL
         UNION SELECT member_id FROM livechat_sessions WHERE chat_id = $1 AND ended_at IS NULL`,
        [roomId],
      );
      return rows.map((r) => r.userid);
    },

    async experience(memberId: string, anchorId: string): Promise<number> {
      const [row] = await db.query<{ experience: unknown }>(
        'SELECT experience FROM intimacy WHERE member_id = $1 AND anchor_id = $2',
        [memberId, anchorId],
      );
      return toInt(row?.experience ?? 0);
    },

    /** How many of each gift his backpack holds (neither used nor expired). */
    async heldGifts(memberId: string): Promise<Map<string, number>> {
      const rows = await db.query<{ giftid: string; n: unknown }>(
        `SELECT giftid, SUM(quantity) AS n FROM backpack_items
          WHERE user_id = $1 AND kind = 'gift' AND quantity > 0 AND expires_at > now() GROUP BY giftid`,
        [memberId],
      );
      return new Map(rows.map((r) => [r.giftid, toInt(r.n)]));
    },

    /** Locks his member row: his gifts serialise, so one key gives once. */
    async lockMember(memberId: string): Promise<void> {
      await db.query('SELECT credit FROM members WHERE userid = $1 FOR UPDATE', [memberId]);
    },

    /** Takes up to `num` of this gift from his backpack, soonest to expire first; how many it took. */
    async takeFromBackpack(memberId: string, giftid: string, num: number): Promise<number> {
      const held = await db.query<{ item_id: string; quantity: unknown }>(
        `SELECT item_id, quantity FROM backpack_items
          WHERE user_id = $1 AND kind = 'gift' AND giftid = $2 AND quantity > 0 AND expires_at > now()
          ORDER BY expires_at, item_id FOR UPDATE`,
        [memberId, giftid],
      );
      let taken = 0;
      for (const item of held) {
        if (taken === num) break;
        const use = Math.min(toInt(item.quantity), num - taken);
        await db.query('UPDATE backpack_items SET quantity = quantity - $2 WHERE item_id = $1', [
          item.item_id,
          use,
        ]);
        taken += use;
      }
      return taken;
    },

    async insert(order: Omit<RoomGiftOrder, 'at'>): Promise<RoomGiftOrder> {
      const [row] = await db.query<OrderRow>(
        `INSERT INTO room_gifts AS r (order_id, member_id, anchor_id, room_id, giftid, num, credit_paid,
                                     from_backpack, idem_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
        [
          order.orderId,
          order.memberId,
          order.anchorId,
          order.roomId,
          order.giftid,
          order.num,
          order.creditPaid,
          order.fromBackpack,
          order.key,
        ],
      );
      if (!row) throw new Error('room gifts: insert returned nothing');
      return fromRow(row);
    },

    /** Her orders received, newest first. */
    async received(anchorId: string, start: number, step: number): Promise<ReceivedRow[]> {
      const rows = await db.query<
        OrderRow & { nickname: string | null; name: string; imgurl: string; source: ReceivedRow['source'] }
      >(
        `SELECT ${COLUMNS}, r.source, u.nickname, g.name, g.imgurl
           FROM room_gifts r JOIN gifts g ON g.giftid = r.giftid LEFT JOIN users u ON u.userid = r.member_id
          WHERE r.anchor_id = $1 ORDER BY r.created_at DESC, r.order_id DESC LIMIT $2 OFFSET $3`,
        [anchorId, step, start],
      );
      return rows.map((r) => ({
        ...fromRow(r),
        source: r.source,
        nickname: r.nickname ?? '',
        name: r.name,
        imgurl: r.imgurl,
      }));
    },

    async receivedTotals(anchorId: string): Promise<{ orders: number; gifts: number; credit: number }> {
      const [row] = await db.query<{ orders: unknown; gifts: unknown; credit: unknown }>(
        `SELECT count(*) AS orders, COALESCE(SUM(num), 0) AS gifts, COALESCE(SUM(credit_paid), 0) AS credit
           FROM room_gifts WHERE anchor_id = $1`,
        [anchorId],
      );
      return {
        orders: toInt(row?.orders ?? 0),
        gifts: toInt(row?.gifts ?? 0),
        credit: toInt(row?.credit ?? 0),
      };
    },
  };
}

export type RoomGiftsRepository = ReturnType<typeof roomGiftsRepository>;
