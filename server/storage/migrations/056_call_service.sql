-- 056: the call service (protocol/call-service): her call settings (a private phone number no member
-- answer ever contains), call requests, the calls the call center places for them, and call-me
-- authorizations. Money moves in the ledger (keys call:<ref>:...).
CREATE TABLE anchor_call_settings (
  anchor_id       text PRIMARY KEY REFERENCES anchors (userid) ON DELETE CASCADE,
  area_code       text NOT NULL DEFAULT '',
  phone_no        text NOT NULL DEFAULT '',
  need_translator boolean NOT NULL DEFAULT false,
  -- Whole UTC hours she takes scheduled calls on.
  call_hours      integer[] NOT NULL DEFAULT '{}'
);

CREATE TABLE call_orders (
  ref_no           text PRIMARY KEY,
  member_id        text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  anchor_id        text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  call_type        smallint NOT NULL CHECK (call_type IN (1, 2)),
  status           text NOT NULL CHECK (status IN ('pending', 'accepted', 'declined', 'expired', 'completed', 'missed')),
  scheduled_at     timestamptz,
  need_transaction boolean NOT NULL DEFAULT false,
  message          text NOT NULL DEFAULT '',
  -- The reservation fee: which charge round is current (a re-accept charges round + 1), whether it
  -- is held now (false: refunded or waived), and the call-me authorization that waived it.
  fee_round        integer NOT NULL DEFAULT 1,
  fee_held         boolean NOT NULL DEFAULT false,
  authorization_ref text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  answered_at      timestamptz,
  -- Until when she may answer (pending), he may call (accepted) or she may accept again (declined).
  deadline         timestamptz NOT NULL
);
CREATE INDEX call_orders_member ON call_orders (member_id, created_at DESC);
CREATE INDEX call_orders_anchor ON call_orders (anchor_id, created_at DESC);
-- One open instant request per member and broadcaster.
CREATE UNIQUE INDEX call_orders_open_instant ON call_orders (member_id, anchor_id)
  WHERE call_type = 1 AND status IN ('pending', 'accepted');

CREATE TABLE call_sessions (
  call_id              text PRIMARY KEY,
  ref_no               text NOT NULL REFERENCES call_orders (ref_no) ON DELETE CASCADE,
  man_connected        boolean NOT NULL DEFAULT false,
  press1               boolean NOT NULL DEFAULT false,
  anchor_connected     boolean NOT NULL DEFAULT false,
  translator_connected boolean NOT NULL DEFAULT false,
  need_transaction     boolean NOT NULL DEFAULT false,
  started_at           timestamptz NOT NULL,
  connected_at         timestamptz,
  ended_at             timestamptz,
  end_reason           text NOT NULL DEFAULT '',
  minutes_charged      integer NOT NULL DEFAULT 0
);
-- At most one call going on per request.
CREATE UNIQUE INDEX call_sessions_live ON call_sessions (ref_no) WHERE ended_at IS NULL;

CREATE TABLE call_authorizations (
  ref_no      text PRIMARY KEY,
  anchor_id   text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  member_id   text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  status      text NOT NULL CHECK (status IN ('waiting', 'success', 'revoked', 'declined', 'removed')),
  message     text NOT NULL DEFAULT '',
  used        integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  answered_at timestamptz
);
CREATE INDEX call_authorizations_member ON call_authorizations (member_id, created_at DESC);
-- One waiting or granted authorization per pair.
CREATE UNIQUE INDEX call_authorizations_open ON call_authorizations (anchor_id, member_id)
  WHERE status IN ('waiting', 'success');
