-- 012: a scheduled One-on-One request sent by mail. The member's mail names the booking it
-- carries; the booking itself is an ordinary 'request' (006) whose deposit is the discounted one, so
-- answers, cancels, expiry and refunds stay the booking service's. On a member's mail, read_at is when
-- the broadcaster opened it: she may answer the request only after that.
ALTER TABLE mail ADD COLUMN booking_id text UNIQUE REFERENCES bookings (booking_id) ON DELETE SET NULL;
