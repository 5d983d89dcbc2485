-- 003: when each show's 'soon' and 'start' notices were sent (NULL: not yet). The scheduler claims a
-- notice by setting its column in one UPDATE, so with many processes each notice goes out once.

ALTER TABLE shows ADD COLUMN soon_notice_at timestamptz;
ALTER TABLE shows ADD COLUMN start_notice_at timestamptz;
-- What the scheduler scans every tick: upcoming shows whose 'start' notice is still to come.
CREATE INDEX shows_notice_due ON shows (start_time) WHERE status = 1 AND start_notice_at IS NULL;
