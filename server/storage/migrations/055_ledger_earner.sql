-- Her earnings (server/features/earnings) read only her own rows of the ledger: each row names the
-- broadcaster it pays or takes back from (`earner`), so a poll reads an index range of hers instead
-- of a whole day of everyone's rows. A charge's earner is its payee; a refund's is the earner of the
-- charge it gives back (the same ref). Rows for nobody (a credit purchase, a stamp pack) keep NULL.
ALTER TABLE ledger ADD COLUMN earner text;

-- Rows written before: the broadcaster their ref leads to, as the earnings query used to find her.
UPDATE ledger l SET earner = CASE
  WHEN l.reason = 'live_minute' THEN (SELECT anchor_id FROM live_sessions WHERE session_id = l.ref)
  WHEN l.reason IN ('request_hold', 'request_refund') THEN (SELECT anchor_id FROM invitations WHERE invite_id = l.ref)
  WHEN l.reason = 'room_gift' THEN (SELECT anchor_id FROM room_gifts WHERE order_id = l.ref)
  WHEN l.reason IN ('ticket', 'ticket_refund') THEN (SELECT anchor_id FROM shows WHERE live_show_id = l.ref)
  WHEN l.reason IN ('booking_deposit', 'booking_refund') THEN (SELECT anchor_id FROM bookings WHERE booking_id = l.ref)
  WHEN l.reason LIKE 'mail\_%' OR l.reason = 'letter_gift'
    THEN (SELECT anchor_id FROM mail WHERE emf_id = split_part(l.ref, '/', 1))
  WHEN l.reason = 'private_message' THEN l.ref
END
WHERE l.reason IN ('live_minute', 'request_hold', 'request_refund', 'room_gift', 'ticket', 'ticket_refund',
  'booking_deposit', 'booking_refund', 'private_message', 'letter_gift') OR l.reason LIKE 'mail\_%';

-- Her rows by time, with what the sums read, so a poll is an index-only range scan.
CREATE INDEX ledger_earner ON ledger (earner, at) INCLUDE (delta, reason, ref) WHERE earner IS NOT NULL;
-- 053's index served only the old earnings query.
DROP INDEX ledger_at;
