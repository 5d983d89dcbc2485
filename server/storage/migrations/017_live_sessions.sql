-- 017: a member's time in a live room, billed by the minute through the ledger. Each started minute
-- is charged at its start with the key live:<session>:<minute>, so a retry or a second process
-- charging the same minute moves nothing. Free rooms have a row too (rate 0): it is what a reload
-- resumes and what the broadcaster's viewer list reads.
CREATE TABLE live_sessions (
  session_id      text PRIMARY KEY,
  member_id       text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  anchor_id       text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  room_id         text NOT NULL,
  room_type       integer NOT NULL,
  -- Hundredths of a credit per minute; 0 is a free room.
  rate            integer NOT NULL CHECK (rate >= 0),
  -- Minutes paid before the room opened (a booking's deposit): not charged again.
  prepaid_minutes integer NOT NULL DEFAULT 0 CHECK (prepaid_minutes >= 0),
  started_at      timestamptz NOT NULL,
  -- Minutes charged (or prepaid) so far, counting from 1.
  minutes_paid    integer NOT NULL DEFAULT 0,
  ended_at        timestamptz,
  end_status      text
);
CREATE INDEX live_sessions_open ON live_sessions (started_at) WHERE ended_at IS NULL;
CREATE INDEX live_sessions_member ON live_sessions (member_id, started_at DESC);
