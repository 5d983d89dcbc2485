/**
 * Her earnings off the credit ledger. The ledger names the member, not the broadcaster; a row leads
 * to her through its ref, as the member's credit history reads it (histories/credit-history-
 * repository.ts): the live session, the request, the room gift, the show, the booking, the mail, or
 * her own id for a private message. A refund (a positive delta) takes back what its charge gave.
 */
import type { Db } from '../../storage/contract';
import { toInt } from '../../storage/rows';

const EARNINGS_SQL = `
SELECT
  COALESCE(SUM(-l.delta) FILTER (WHERE l.at >= $2), 0) AS session,
  COALESCE(SUM(-l.delta) FILTER (WHERE l.at >= $3), 0) AS today,
  COALESCE(SUM(-l.delta) FILTER (WHERE $4 <> '' AND (ls.room_id = $4 OR rg.room_id = $4
    OR (i.invite_id IS NOT NULL AND 'PV' || i.invite_id = $4))), 0) AS room
FROM ledger l
LEFT JOIN live_sessions ls ON l.reason = 'live_minute' AND ls.session_id = l.ref
LEFT JOIN invitations i ON l.reason IN ('request_hold', 'request_refund') AND i.invite_id = l.ref
LEFT JOIN room_gifts rg ON l.reason = 'room_gift' AND rg.order_id = l.ref
LEFT JOIN shows s ON l.reason IN ('ticket', 'ticket_refund') AND s.live_show_id = l.ref
LEFT JOIN bookings b ON l.reason IN ('booking_deposit', 'booking_refund') AND b.booking_id = l.ref
LEFT JOIN mail m ON l.reason LIKE 'mail\\_%' AND m.emf_id = l.ref
WHERE l.at >= LEAST($2, $3)
  AND COALESCE(ls.anchor_id, i.anchor_id, rg.anchor_id, s.anchor_id, b.anchor_id, m.anchor_id,
    CASE WHEN l.reason = 'private_message' THEN l.ref END) = $1`;

export interface EarnedHundredths {
  session: number;
  today: number;
  room: number;
}

export function earningsRepository(db: Db) {
  return {
    /**
     * Hundredths paid to her since `since` and since `dayStart`, and by room `roomId` within the
     * wider of the two windows ('' for none).
     */
    async earned(anchorId: string, since: Date, dayStart: Date, roomId: string): Promise<EarnedHundredths> {
      const [row] = await db.query<{ session: unknown; today: unknown; room: unknown }>(EARNINGS_SQL, [
        anchorId,
        since,
        dayStart,
        roomId,
      ]);
      return {
        session: toInt(row?.session ?? 0),
        today: toInt(row?.today ?? 0),
        room: toInt(row?.room ?? 0),
      };
    },
  };
}
