-- 007: Web Push. Subscriptions belong to one login session (a browser), so logging out, being kicked
-- off by a login elsewhere, or the session expiring removes them with the session row.

CREATE TABLE push_subscriptions (
  endpoint     text PRIMARY KEY,
  user_id      text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  session_hash text NOT NULL REFERENCES sessions (id_hash) ON DELETE CASCADE,
  p256dh       text NOT NULL,
  auth         text NOT NULL,
  -- Comma list of alert types (protocol/push.ts PUSH_TYPES).
  types        text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
CREATE INDEX push_subscriptions_session ON push_subscriptions (session_hash);

-- One row per alert sent (invitation id, ...): every push-server process hears every bus event,
-- and the first to insert the key sends it. Rows older than a day are pruned.
CREATE TABLE push_alerts (
  alert_key  text PRIMARY KEY,
  claimed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_alerts_claimed ON push_alerts (claimed_at);

-- Show reminders as scheduled records: 'soon' 30 minutes before the start, 'start' at the start.
-- A process claims a due record by setting fired_at in one UPDATE, so each fires once; outcome
-- says whether it was sent or dropped (show cancelled, or missed by more than its use).
CREATE TABLE push_reminders (
  live_show_id text NOT NULL REFERENCES shows (live_show_id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('soon', 'start')),
  fire_at      timestamptz NOT NULL,
  fired_at     timestamptz,
  outcome      text CHECK (outcome IN ('sent', 'late', 'cancelled')),
  PRIMARY KEY (live_show_id, kind)
);
CREATE INDEX push_reminders_due ON push_reminders (fire_at) WHERE fired_at IS NULL;
