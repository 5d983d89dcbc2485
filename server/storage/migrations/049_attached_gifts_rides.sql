-- 049: gifts attached to a booking or a letter, and rides.
-- A booking's gift: how many of it his backpack paid (taken when he booked, given back if the
-- deposit is refunded) and the soonest expiry among them (they return with it).
ALTER TABLE bookings ADD COLUMN gift_from_backpack integer NOT NULL DEFAULT 0 CHECK (gift_from_backpack >= 0);
ALTER TABLE bookings ADD COLUMN gift_backpack_until timestamptz;

-- Her gifts received, wherever given: in a room, with a booking (when it is held), with a letter.
ALTER TABLE room_gifts ADD COLUMN source text NOT NULL DEFAULT 'room'
  CHECK (source IN ('room', 'booking', 'letter'));
CREATE INDEX room_gifts_source_room ON room_gifts (room_id) WHERE source <> 'room';

-- The ride he shows when he enters a room (one of his backpack's rides).
CREATE TABLE active_rides (
  user_id    text PRIMARY KEY REFERENCES members (userid) ON DELETE CASCADE,
  item_id    text NOT NULL REFERENCES backpack_items (item_id) ON DELETE CASCADE,
  chosen_at  timestamptz NOT NULL DEFAULT now()
);
