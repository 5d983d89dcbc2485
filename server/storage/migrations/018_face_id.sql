-- 018: the broadcaster's face-ID checks before going live. A check is pending until the identity
-- provider decides; a pass makes her verified until face_verified_until.
CREATE TABLE face_checks (
  ref_id      text PRIMARY KEY,
  anchor_id   text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  room_type   integer NOT NULL,
  status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'passed', 'failed')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  decided_at  timestamptz
);
CREATE INDEX face_checks_anchor ON face_checks (anchor_id, created_at DESC);
ALTER TABLE anchors ADD COLUMN face_verified_until timestamptz;
