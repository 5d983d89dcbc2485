/**
 * Her earnings off the credit ledger: the rows whose `earner` is she (a charge that paid her, a
 * refund that took it back; migration 055), read as an index-only range of her own rows.
 */
import { MEMBER_REQUEST_LIFETIME_S } from '../../../protocol/realtime';
import type { Db } from '../../storage/contract';
import { toInt } from '../../storage/rows';

/*
 * A One-on-One request's hold counts once she accepts it, at the time she accepts it: it is hers
 * then (it pays his first minute and is never given back). A hold still waiting for her answer
 * counts nothing, and one given back (declined, cancelled, expired) never counted, so its refund is
 * left out too: her figures never dip when a request she did not take is refunded. A hold row is
 * older than its acceptance by at most a request's lifetime, hence the wider range ($5 seconds).
 * The room figure follows a row to its room: a live session's, a gift's, or a request's 'PV' room.
 */
const EARNINGS_SQL = `
WITH hers AS (
  SELECT -l.delta AS paid, l.reason, l.ref,
         CASE WHEN l.reason = 'request_hold' THEN i.closed_at ELSE l.at END AS at
    FROM ledger l
    LEFT JOIN invitations i ON l.reason = 'request_hold' AND i.invite_id = l.ref
   WHERE l.earner = $1
     AND l.at >= LEAST($2::timestamptz, $3::timestamptz) - $5::int * interval '1 second'
     AND l.reason <> 'request_refund'
     AND (l.reason <> 'request_hold' OR i.status = 'accepted')
)
SELECT
  COALESCE(SUM(h.paid) FILTER (WHERE h.at >= $2), 0) AS session,
  COALESCE(SUM(h.paid) FILTER (WHERE h.at >= $3), 0) AS today,
  COALESCE(SUM(h.paid) FILTER (WHERE h.at >= LEAST($2::timestamptz, $3::timestamptz) AND $4 <> ''
    AND (ls.room_id = $4 OR rg.room_id = $4 OR (h.reason = 'request_hold' AND 'PV' || h.ref = $4))), 0) AS room
FROM hers h
LEFT JOIN live_sessions ls ON $4 <> '' AND h.reason = 'live_minute' AND ls.session_id = h.ref
LEFT JOIN room_gifts rg ON $4 <> '' AND h.reason = 'room_gift' AND rg.order_id = h.ref`;

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
        MEMBER_REQUEST_LIFETIME_S,
      ]);
      return {
        session: toInt(row?.session ?? 0),
        today: toInt(row?.today ?? 0),
        room: toInt(row?.room ?? 0),
      };
    },
  };
}
