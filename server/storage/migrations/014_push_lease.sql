-- 014: Web Push alerts leased, not just claimed. The claim row now holds the alert itself and a
-- lease: the process that claimed it sends it before lease_until and then marks it done. If that
-- process dies first, the lease lapses and any push-server process (or this one after a restart)
-- claims it again and sends it, unless its useful life (expires_at) is over: then it is dropped.
ALTER TABLE push_alerts
  ADD COLUMN alert       text,
  ADD COLUMN expires_at  timestamptz,
  ADD COLUMN lease_until timestamptz,
  ADD COLUMN done_at     timestamptz,
  ADD COLUMN outcome     text,
  ADD COLUMN attempts    integer NOT NULL DEFAULT 1;

-- Claims made before this migration were sent (or given up) by the process that made them.
UPDATE push_alerts SET done_at = claimed_at, outcome = 'sent' WHERE done_at IS NULL;

-- The recovery sweep looks only at alerts not yet done, oldest lease first.
CREATE INDEX push_alerts_lease ON push_alerts (lease_until) WHERE done_at IS NULL;
