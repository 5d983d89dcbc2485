/**
 * The member's credit history, read off the ledger newest first. A live visit's minutes are one
 * ledger row each; consecutive minutes of one visit fold into one row here (gaps and islands over
 * the member's rows in id order, which is the order the balance moved in), so an hour in a room
 * is one line, not sixty. The show, the broadcaster and the room come from the row's ref.
 */
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

export interface CreditHistoryRow {
  id: number;
  at: Date;
  reason: string;
  ref: string;
  /** Hundredths, signed. */
  delta: number;
  balanceAfter: number;
  count: number;
  title: string;
  anchorId: string;
  anchorNickname: string;
  roomType: number;
}

interface Row {
  id: unknown;
  at: unknown;
  reason: string;
  ref: string;
  delta: unknown;
  balance_after: unknown;
  n: unknown;
  title: string | null;
  anchor_id: string | null;
  nickname: string | null;
  room_type: unknown;
}

const PAGE_SQL = `
WITH l AS (
  SELECT id, delta, balance_after, reason, ref, at,
    CASE WHEN reason = 'live_minute'
      THEN row_number() OVER (ORDER BY id) - row_number() OVER (PARTITION BY ref ORDER BY id)
    END AS island
  FROM ledger WHERE user_id = $1
), g AS (
  SELECT max(id) AS id, min(at) AS at, reason, ref, sum(delta) AS delta, count(*) AS n,
    (array_agg(balance_after ORDER BY id DESC))[1] AS balance_after
  FROM l
  GROUP BY reason, ref, COALESCE(island, -id)
  ORDER BY max(id) DESC
  LIMIT $2 OFFSET $3
)
SELECT g.id, g.at, g.reason, g.ref, g.delta, g.balance_after, g.n, s.title, ls.room_type,
  u.userid AS anchor_id, u.nickname
FROM g
LEFT JOIN shows s ON g.reason IN ('ticket', 'ticket_refund') AND s.live_show_id = g.ref
LEFT JOIN live_sessions ls ON g.reason = 'live_minute' AND ls.session_id = g.ref
LEFT JOIN invitations i ON g.reason IN ('request_hold', 'request_refund') AND i.invite_id = g.ref
LEFT JOIN bookings b ON g.reason IN ('booking_deposit', 'booking_refund') AND b.booking_id = g.ref
LEFT JOIN mail m ON g.reason LIKE 'mail\\_%' AND m.emf_id = g.ref
LEFT JOIN room_gifts rg ON g.reason = 'room_gift' AND rg.order_id = g.ref
LEFT JOIN users u ON u.role = 'lady' AND u.userid = COALESCE(s.anchor_id, ls.anchor_id, i.anchor_id,
  b.anchor_id, m.anchor_id, rg.anchor_id, CASE WHEN g.reason = 'private_message' THEN g.ref END)
ORDER BY g.id DESC`;

export function creditHistoryRepository(db: Db) {
  return {
    /** One page of his history, newest first; `start` counts rows as shown (a folded visit is one). */
    async page(userId: string, start: number, step: number): Promise<CreditHistoryRow[]> {
      const rows = await db.query<Row>(PAGE_SQL, [userId, step, start]);
      return rows.map((r) => ({
        id: toInt(r.id),
        at: toDate(r.at),
        reason: r.reason,
        ref: r.ref,
        delta: toInt(r.delta),
        balanceAfter: toInt(r.balance_after),
        count: toInt(r.n),
        title: r.title ?? '',
        anchorId: r.anchor_id ?? '',
        anchorNickname: r.nickname ?? '',
        roomType: r.room_type == null ? 0 : toInt(r.room_type),
      }));
    },
  };
}
