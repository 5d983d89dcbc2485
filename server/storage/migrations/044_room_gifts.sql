-- 044: gifts given in a broadcaster's live room. One row per order (a gift and its number), keyed
-- by the member's idempotency key so a double click or a retry gives once; what paid it: gifts
-- from his backpack, the rest in credits (hundredths, through the ledger with the same key).
CREATE TABLE room_gifts (
  order_id      text PRIMARY KEY,
  member_id     text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  anchor_id     text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  room_id       text NOT NULL,
  giftid        text NOT NULL REFERENCES gifts (giftid),
  num           integer NOT NULL CHECK (num BETWEEN 1 AND 99),
  credit_paid   integer NOT NULL CHECK (credit_paid >= 0),
  from_backpack integer NOT NULL CHECK (from_backpack >= 0 AND from_backpack <= num),
  idem_key      text NOT NULL UNIQUE,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX room_gifts_anchor ON room_gifts (anchor_id, created_at DESC);
