-- 019: broadcast vouchers pay for live-room minutes. A voucher names the room types it is good for
-- (the spec's voucher_use_room_type, 1 to 4); NULL means every paid room. A session records the
-- voucher that paid its first minutes, claimed in the same transaction that opens the session.
ALTER TABLE vouchers ADD COLUMN room_types integer[];
ALTER TABLE live_sessions ADD COLUMN voucher_id text;
