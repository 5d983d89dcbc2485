/**
 * The flower store's rows (migration 045): the items, each member's cart per broadcaster, and the
 * orders with their lines. Checkout and cancel run with a transaction handle (see flowers.ts).
 */
import type { FlowerItemKind, OrderStatus } from '../../../protocol/flowers/flowers';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

export interface StoreItem {
  itemId: string;
  name: string;
  kind: FlowerItemKind;
  description: string;
  creditHundredths: number;
  imgurl: string;
}

export interface CartRow {
  anchorId: string;
  anchorNickname: string;
  anchorPhotourl: string;
  item: StoreItem;
  num: number;
}

export interface OrderLineRecord {
  itemId: string;
  name: string;
  imgurl: string;
  creditHundredths: number;
  num: number;
}

export interface OrderRecord {
  orderId: string;
  memberId: string;
  anchorId: string;
  anchorNickname: string;
  anchorPhotourl: string;
  orderKey: string;
  ledgerKey: string;
  status: OrderStatus;
  totalHundredths: number;
  /** Before the offers (null: an order from before they existed). */
  originalHundredths: number | null;
  photoUrl: string;
  orderedAt: Date;
  preparingAt: Date | null;
  deliveredAt: Date | null;
  cancelledAt: Date | null;
  lines: OrderLineRecord[];
}

export interface AnchorCard {
  anchorId: string;
  nickname: string;
  photourl: string;
}

type Row = Record<string, unknown>;
const str = (v: unknown) => (v == null ? '' : String(v));
const dateOrNull = (v: unknown) => (v == null ? null : toDate(v));

const ITEM_COLUMNS = 'i.item_id, i.name, i.kind, i.description, i.credit, i.imgurl';
const itemFromRow = (r: Row): StoreItem => ({
  itemId: str(r.item_id),
  name: str(r.name),
  kind: str(r.kind) as FlowerItemKind,
  description: str(r.description),
  creditHundredths: toInt(r.credit),
  imgurl: str(r.imgurl),
});

const ORDER_SELECT = `SELECT o.order_id, o.member_id, o.anchor_id, u.nickname, u.photourl, o.order_key,
         o.ledger_key, o.status, o.total, o.original_total, o.photo_url, o.ordered_at, o.preparing_at, o.delivered_at,
         o.cancelled_at
    FROM flower_orders o JOIN users u ON u.userid = o.anchor_id`;

export function flowersRepository(db: Db) {
  async function withLines(rows: Row[]): Promise<OrderRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => str(r.order_id));
    const lines = await db.query<Row>(
      `SELECT order_id, item_id, name, imgurl, credit, num FROM flower_order_lines
        WHERE order_id = ANY($1::text[]) ORDER BY order_id, item_id`,
      [ids],
    );
    return rows.map((r) => ({
      orderId: str(r.order_id),
      memberId: str(r.member_id),
      anchorId: str(r.anchor_id),
      anchorNickname: str(r.nickname),
      anchorPhotourl: str(r.photourl),
      orderKey: str(r.order_key),
      ledgerKey: str(r.ledger_key),
      status: str(r.status) as OrderStatus,
      totalHundredths: toInt(r.total),
      originalHundredths: r.original_total == null ? null : toInt(r.original_total),
      photoUrl: str(r.photo_url),
      orderedAt: toDate(r.ordered_at),
      preparingAt: dateOrNull(r.preparing_at),
      deliveredAt: dateOrNull(r.delivered_at),
      cancelledAt: dateOrNull(r.cancelled_at),
      lines: lines
        .filter((l) => l.order_id === r.order_id)
        .map((l) => ({
          itemId: str(l.item_id),
          name: str(l.name),
          imgurl: str(l.imgurl),
          creditHundredths: toInt(l.credit),
          num: toInt(l.num),
        })),
    }));
  }

  return {
    async items(): Promise<StoreItem[]> {
      const rows = await db.query<Row>(
        `SELECT ${ITEM_COLUMNS} FROM flower_items i ORDER BY sort_order, item_id`,
      );
      return rows.map(itemFromRow);
    },

    async item(itemId: string): Promise<StoreItem | undefined> {
      const [row] = await db.query<Row>(`SELECT ${ITEM_COLUMNS} FROM flower_items i WHERE item_id = $1`, [
        itemId,
      ]);
      return row ? itemFromRow(row) : undefined;
    },

    async anchor(anchorId: string): Promise<AnchorCard | undefined> {
      const [row] = await db.query<Row>(
        `SELECT u.userid, u.nickname, u.photourl FROM anchors a JOIN users u ON u.userid = a.userid
          WHERE a.userid = $1`,
        [anchorId],
      );
      return row
        ? { anchorId: str(row.userid), nickname: str(row.nickname), photourl: str(row.photourl) }
        : undefined;
    },

    /** His send_gift_flower privilege and her flower_sent (spec 002 §3, §6), each 1 when on. */
    async privileges(memberId: string, anchorId: string): Promise<{ member: boolean; anchor: boolean }> {
      const [row] = await db.query<Row>(
        `SELECT (SELECT priv->>'send_gift_flower' FROM members WHERE userid = $1) AS member,
                (SELECT priv->>'flower_sent' FROM anchors WHERE userid = $2) AS anchor`,
        [memberId, anchorId],
      );
      return { member: str(row?.member) === '1', anchor: str(row?.anchor) === '1' };
    },

    /** His cart lines, for one broadcaster or all, in the order he added them. */
    async cart(memberId: string, anchorId?: string): Promise<CartRow[]> {
      const rows = await db.query<Row>(
        `SELECT c.anchor_id, u.nickname, u.photourl, c.num, ${ITEM_COLUMNS}
           FROM flower_cart c JOIN flower_items i ON i.item_id = c.item_id
           JOIN users u ON u.userid = c.anchor_id
          WHERE c.member_id = $1 AND ($2::text IS NULL OR c.anchor_id = $2)
          ORDER BY c.anchor_id, c.added_at, c.item_id`,
        [memberId, anchorId ?? null],
      );
      return rows.map((r) => ({
        anchorId: str(r.anchor_id),
        anchorNickname: str(r.nickname),
        anchorPhotourl: str(r.photourl),
        item: itemFromRow(r),
        num: toInt(r.num),
      }));
    },

    async lineCount(memberId: string, anchorId?: string): Promise<number> {
      const [row] = await db.query<Row>(
        `SELECT count(*) AS n FROM flower_cart WHERE member_id = $1 AND ($2::text IS NULL OR anchor_id = $2)`,
        [memberId, anchorId ?? null],
      );
      return toInt(row?.n ?? 0);
    },

    async lineNum(memberId: string, anchorId: string, itemId: string): Promise<number> {
      const [row] = await db.query<Row>(
        'SELECT num FROM flower_cart WHERE member_id = $1 AND anchor_id = $2 AND item_id = $3',
        [memberId, anchorId, itemId],
      );
      return row ? toInt(row.num) : 0;
    },

    async setLine(memberId: string, anchorId: string, itemId: string, num: number): Promise<void> {
      if (num <= 0) {
        await db.query('DELETE FROM flower_cart WHERE member_id = $1 AND anchor_id = $2 AND item_id = $3', [
          memberId,
          anchorId,
          itemId,
        ]);
        return;
      }
      await db.query(
        `INSERT INTO flower_cart (member_id, anchor_id, item_id, num) VALUES ($1, $2, $3, $4)
         ON CONFLICT (member_id, anchor_id, item_id) DO UPDATE SET num = EXCLUDED.num`,
        [memberId, anchorId, itemId, num],
      );
    },

    async clearCart(memberId: string, anchorId: string): Promise<void> {
      await db.query('DELETE FROM flower_cart WHERE member_id = $1 AND anchor_id = $2', [memberId, anchorId]);
    },

    /** Takes the member's row lock: his checkouts and cancels serialise on it. */
    async lockMember(memberId: string): Promise<void> {
      await db.query('SELECT 1 FROM members WHERE userid = $1 FOR UPDATE', [memberId]);
    },

    async insertOrder(o: {
      orderId: string;
      memberId: string;
      anchorId: string;
      orderKey: string;
      ledgerKey: string;
      totalHundredths: number;
      originalHundredths: number;
      lines: OrderLineRecord[];
    }): Promise<void> {
      await db.query(
        `INSERT INTO flower_orders (order_id, member_id, anchor_id, order_key, ledger_key, total, original_total)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [o.orderId, o.memberId, o.anchorId, o.orderKey, o.ledgerKey, o.totalHundredths, o.originalHundredths],
      );
      for (const l of o.lines) {
        await db.query(
          `INSERT INTO flower_order_lines (order_id, item_id, name, imgurl, credit, num)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [o.orderId, l.itemId, l.name, l.imgurl, l.creditHundredths, l.num],
        );
      }
    },

    async byKey(memberId: string, orderKey: string): Promise<OrderRecord | undefined> {
      const rows = await db.query<Row>(`${ORDER_SELECT} WHERE o.member_id = $1 AND o.order_key = $2`, [
        memberId,
        orderKey,
      ]);
      return (await withLines(rows))[0];
    },

    async order(orderId: string, opts: { lock?: boolean } = {}): Promise<OrderRecord | undefined> {
      if (opts.lock) await db.query('SELECT 1 FROM flower_orders WHERE order_id = $1 FOR UPDATE', [orderId]);
      const rows = await db.query<Row>(`${ORDER_SELECT} WHERE o.order_id = $1`, [orderId]);
      return (await withLines(rows))[0];
    },

    async memberOrders(
      memberId: string,
      start: number,
      step: number,
    ): Promise<{ list: OrderRecord[]; total: number }> {
      const [count] = await db.query<Row>('SELECT count(*) AS n FROM flower_orders WHERE member_id = $1', [
        memberId,
      ]);
      const rows = await db.query<Row>(
        `${ORDER_SELECT} WHERE o.member_id = $1 ORDER BY o.ordered_at DESC, o.order_id DESC OFFSET $2 LIMIT $3`,
        [memberId, start, step],
      );
      return { list: await withLines(rows), total: toInt(count?.n ?? 0) };
    },

    /** Orders for the operator: by status, or every open one ('open': ordered or preparing). */
    async ordersByStatus(status: OrderStatus | 'open', limit = 100): Promise<OrderRecord[]> {
      const where = status === 'open' ? "o.status IN ('ordered', 'preparing')" : 'o.status = $1';
      const rows = await db.query<Row>(
        `${ORDER_SELECT} WHERE ${where} ORDER BY o.ordered_at, o.order_id LIMIT ${Math.floor(limit)}`,
        status === 'open' ? [] : [status],
      );
      return withLines(rows);
    },

    async setStatus(
      orderId: string,
      status: OrderStatus,
      extra: { photoUrl?: string; refundKey?: string } = {},
    ) {
      const stamp = `${status}_at`;
      await db.query(
        `UPDATE flower_orders SET status = $2, ${stamp} = now(),
                photo_url = COALESCE($3, photo_url), refund_key = COALESCE($4, refund_key)
          WHERE order_id = $1`,
        [orderId, status, extra.photoUrl ?? null, extra.refundKey ?? null],
      );
    },

    /** The broadcasters he ordered for (not cancelled), newest first. */
    async recentRecipients(memberId: string, limit: number) {
      const rows = await db.query<Row>(
        `SELECT o.anchor_id, u.nickname, u.photourl, a.birthday, a.country,
                max(o.ordered_at) AS last_at, count(*) AS n
           FROM flower_orders o JOIN users u ON u.userid = o.anchor_id JOIN anchors a ON a.userid = o.anchor_id
          WHERE o.member_id = $1 AND o.status <> 'cancelled'
          GROUP BY o.anchor_id, u.nickname, u.photourl, a.birthday, a.country
          ORDER BY last_at DESC, o.anchor_id LIMIT $2`,
        [memberId, limit],
      );
      return rows.map((r) => ({
        anchorId: str(r.anchor_id),
        nickname: str(r.nickname),
        photourl: str(r.photourl),
        birthday: toDate(r.birthday),
        country: str(r.country),
        lastAt: toDate(r.last_at),
        orderNum: toInt(r.n),
      }));
    },
  };
}

export type FlowersRepository = ReturnType<typeof flowersRepository>;
