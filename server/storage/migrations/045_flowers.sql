-- 045: flowers and real gifts for a broadcaster (protocol/flowers): the store's items, each
-- member's cart per broadcaster, and orders paid through the ledger with their delivery status.
CREATE TABLE flower_items (
  item_id     text PRIMARY KEY,
  name        text NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('flower', 'gift')),
  description text NOT NULL DEFAULT '',
  -- Hundredths of a credit.
  credit      integer NOT NULL CHECK (credit > 0),
  imgurl      text NOT NULL,
  sort_order  integer NOT NULL DEFAULT 0
);

-- Pictures are the gift catalogue's locally drawn SVGs (/media/gift/).
INSERT INTO flower_items (item_id, name, kind, description, credit, imgurl, sort_order) VALUES
  ('F201', 'A Dozen Red Roses', 'flower', 'Twelve long-stemmed red roses, hand-tied.', 3000, '/media/gift/G106.svg', 1),
  ('F202', 'Single Red Rose', 'flower', 'One red rose with a ribbon and your card.', 500, '/media/gift/G106.svg', 2),
  ('F203', 'Spring Bouquet', 'flower', 'Tulips, freesias and daisies in season.', 2500, '/media/gift/G109.svg', 3),
  ('F204', 'Sunflower Bunch', 'flower', 'Seven bright sunflowers.', 2000, '/media/gift/G109.svg', 4),
  ('F205', 'Pink Lilies', 'flower', 'Fragrant pink lilies with greenery.', 2800, '/media/gift/G109.svg', 5),
  ('F206', 'Four-Leaf Clover Plant', 'flower', 'A potted lucky clover for her window.', 1200, '/media/gift/G116.svg', 6),
  ('F207', 'Teddy Bear', 'gift', 'A soft 40 cm teddy bear.', 2200, '/media/gift/G107.svg', 7),
  ('F208', 'Box of Chocolates', 'gift', 'Twenty-four Belgian chocolates.', 1500, '/media/gift/G108.svg', 8),
  ('F209', 'Champagne', 'gift', 'A bottle of brut champagne.', 4000, '/media/gift/G110.svg', 9),
  ('F210', 'Birthday Cake', 'gift', 'A chocolate cake for two, with her name on it.', 2500, '/media/gift/G113.svg', 10),
  ('F211', 'Perfume', 'gift', 'A 50 ml eau de parfum.', 6000, '/media/gift/G114.svg', 11),
  ('F212', 'Heart Necklace', 'gift', 'A silver necklace with a heart pendant.', 8000, '/media/gift/G104.svg', 12)
ON CONFLICT (item_id) DO NOTHING;

CREATE TABLE flower_cart (
  member_id text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  anchor_id text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  item_id   text NOT NULL REFERENCES flower_items (item_id),
  num       integer NOT NULL CHECK (num > 0),
  added_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, anchor_id, item_id)
);

CREATE TABLE flower_orders (
  order_id     text PRIMARY KEY,
  member_id    text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  anchor_id    text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  -- The client's key: a repeat answers this order and charges nothing.
  order_key    text NOT NULL,
  -- The ledger's key of the charge (and of the refund, when cancelled).
  ledger_key   text NOT NULL UNIQUE,
  refund_key   text UNIQUE,
  status       text NOT NULL DEFAULT 'ordered'
                 CHECK (status IN ('ordered', 'preparing', 'delivered', 'cancelled')),
  -- Hundredths of a credit: what the ledger took.
  total        integer NOT NULL CHECK (total > 0),
  photo_url    text NOT NULL DEFAULT '',
  ordered_at   timestamptz NOT NULL DEFAULT now(),
  preparing_at timestamptz,
  delivered_at timestamptz,
  cancelled_at timestamptz,
  UNIQUE (member_id, order_key)
);
CREATE INDEX flower_orders_member ON flower_orders (member_id, ordered_at DESC);
CREATE INDEX flower_orders_open ON flower_orders (status, ordered_at);

-- What was bought, as it was priced then.
CREATE TABLE flower_order_lines (
  order_id text NOT NULL REFERENCES flower_orders (order_id) ON DELETE CASCADE,
  item_id  text NOT NULL REFERENCES flower_items (item_id),
  name     text NOT NULL,
  imgurl   text NOT NULL,
  credit   integer NOT NULL,
  num      integer NOT NULL CHECK (num > 0),
  PRIMARY KEY (order_id, item_id)
);
