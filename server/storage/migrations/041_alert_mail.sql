-- 041: alerts by email (push-server/alert-mail.ts), and the spec's "not again within 7200 s" for a
-- followed broadcaster's online notice by push or email. One row per member and subject (e.g.
-- 'online:A2001'): an alert may go out only when the last one on that subject is older than its
-- gap, or was this same alert (a process taking over a lapsed lease sends it, not a second one).
CREATE TABLE alert_repeats (
  user_id   text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  subject   text NOT NULL,
  alert_key text NOT NULL,
  sent_at   timestamptz NOT NULL,
  PRIMARY KEY (user_id, subject)
);
CREATE INDEX alert_repeats_sent ON alert_repeats (sent_at);
