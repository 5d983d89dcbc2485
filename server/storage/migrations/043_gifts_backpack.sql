-- 043: the gift catalogue's limited gifts, and the backpack: what a member holds beyond his
-- vouchers (gifts and rides, each drawn from the catalogue), when he last opened each pack, and the
-- new-user gift package, granted once per member (keyed by his id) with its pop-up shown once.
ALTER TABLE gifts ADD COLUMN intimacy_level integer NOT NULL DEFAULT 0 CHECK (intimacy_level >= 0);
-- The demo catalogue's limited gifts (Intimacy Level 4), on databases seeded before this column.
UPDATE gifts SET intimacy_level = 4 WHERE giftid IN ('G111', 'G112');

-- One row per grant: item_id is the grant's idempotency key (the package's is member + gift).
CREATE TABLE backpack_items (
  item_id    text PRIMARY KEY,
  user_id    text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('gift', 'ride')),
  giftid     text NOT NULL REFERENCES gifts (giftid),
  quantity   integer NOT NULL CHECK (quantity >= 0),
  granted_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX backpack_items_held ON backpack_items (user_id, kind) WHERE quantity > 0;

-- When he last opened each pack: what arrived later is unread.
CREATE TABLE backpack_reads (
  user_id text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  kind    text NOT NULL CHECK (kind IN ('livechat_voucher', 'voucher', 'gift', 'ride')),
  read_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind)
);

CREATE TABLE gift_packages (
  user_id    text PRIMARY KEY REFERENCES members (userid) ON DELETE CASCADE,
  granted_at timestamptz NOT NULL DEFAULT now(),
  shown_at   timestamptz
);
