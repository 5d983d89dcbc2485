-- 052: moderation of her live rooms (server/features/room-moderation). A member she mutes or bans:
-- a mute and a session ban end with her broadcast (or at expires_at), a ban for good when she lifts
-- it. One row per kind per pair: a member may be muted and banned at once.
CREATE TABLE room_moderation (
  anchor_id  text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  member_id  text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('mute', 'session', 'forever')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  PRIMARY KEY (anchor_id, member_id, kind)
);
-- Entry and live chat ask "is he banned by her" by the pair; her list reads by anchor.
CREATE INDEX room_moderation_member ON room_moderation (member_id, anchor_id);

-- Her slow mode: seconds between one member's lines in her rooms' chat (no row: off).
CREATE TABLE room_slow_mode (
  anchor_id text PRIMARY KEY REFERENCES anchors (userid) ON DELETE CASCADE,
  seconds   integer NOT NULL CHECK (seconds IN (5, 10, 30))
);
