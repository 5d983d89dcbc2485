-- 026: broadcasters' friends (the profile's My Friends; the same friends a hang-out invites).
-- A friendship is mutual and stored once per direction, so "her friends" is one index range.
CREATE TABLE anchor_friends (
  anchor_id  text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  friend_id  text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (anchor_id, friend_id),
  CHECK (anchor_id <> friend_id)
);
