-- 006: scheduled One-on-One bookings (a member's request or a broadcaster's scheduled invitation),
-- phone verification and the local SMS outbox. Money moves through the ledger (004) with keys
-- booking:<id>:deposit and booking:<id>:refund, so a booking is charged once and refunded once.

CREATE TABLE bookings (
  booking_id      text PRIMARY KEY,
  -- 'request': the member asked for the slot; 'invite': the broadcaster invited the member.
  kind            text NOT NULL CHECK (kind IN ('request', 'invite')),
  anchor_id       text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  user_id         text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  book_time       timestamptz NOT NULL,
  time_id         text NOT NULL,
  giftid          text NOT NULL DEFAULT '',
  gift_num        integer NOT NULL DEFAULT 0 CHECK (gift_num >= 0),
  need_sms        smallint NOT NULL DEFAULT 0,
  -- Hundredths charged from the member (0 until an invitation is accepted).
  deposit         integer NOT NULL DEFAULT 0 CHECK (deposit >= 0),
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined',
                    'cancelled', 'expired', 'noshow', 'completed')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  answered_at     timestamptz,
  user_is_read    smallint NOT NULL DEFAULT 0,
  -- Claimed once by the scheduler (any process): reminder SMS, 'soon' and 'start' notices, settling.
  sms_at          timestamptz,
  soon_at         timestamptz,
  start_at        timestamptz,
  settled_at      timestamptz
);
-- A slot holds one live booking per broadcaster and one per member: concurrent bookings of one slot
-- meet here, and only one wins.
CREATE UNIQUE INDEX bookings_anchor_slot ON bookings (anchor_id, book_time) WHERE status IN ('pending', 'accepted');
CREATE UNIQUE INDEX bookings_user_slot ON bookings (user_id, book_time) WHERE status IN ('pending', 'accepted');
CREATE INDEX bookings_user ON bookings (user_id, book_time DESC);
CREATE INDEX bookings_anchor ON bookings (anchor_id, book_time DESC);
CREATE INDEX bookings_due ON bookings (book_time) WHERE settled_at IS NULL;

-- Identity (face-ID) verification of broadcasters: scheduled invitations need it (16191).
ALTER TABLE anchors ADD COLUMN identity_verified boolean NOT NULL DEFAULT true;

-- A member's verified phone; a number belongs to one member.
CREATE TABLE member_phones (
  user_id     text PRIMARY KEY REFERENCES members (userid) ON DELETE CASCADE,
  country     text NOT NULL,
  area_code   text NOT NULL,
  phone_no    text NOT NULL,
  verified_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX member_phones_number ON member_phones (area_code, phone_no);

-- The code being verified (one per member): only its hash is kept.
CREATE TABLE phone_codes (
  user_id       text PRIMARY KEY REFERENCES members (userid) ON DELETE CASCADE,
  country       text NOT NULL,
  area_code     text NOT NULL,
  phone_no      text NOT NULL,
  code_hash     text NOT NULL,
  sent_at       timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  -- Codes sent and wrong entries since window_start (a 24-hour window).
  window_start  timestamptz NOT NULL,
  sends         integer NOT NULL DEFAULT 1,
  failures      integer NOT NULL DEFAULT 0,
  blocked_until timestamptz
);

-- The local SMS provider's outbox: what would have been sent, for a person running the demo.
CREATE TABLE sms_outbox (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_number  text NOT NULL,
  user_id    text NOT NULL DEFAULT '',
  purpose    text NOT NULL,
  body       text NOT NULL,
  at         timestamptz NOT NULL DEFAULT now()
);
